import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// jsdom has no media queries; the toaster asks whether the user prefers reduced motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom has no canvas (getContext gives null): the charts (lightweight-charts) draw in an animation
// frame, and an axis that measures its labels there threw "Value is null" whenever a frame came
// before the test ended, which a busy machine makes likely. A 2D context that draws nothing and
// measures text at a fixed width per character lets them draw as in a browser; the pixels are
// for the e2e tests to see.
const noDrawing = (canvas: HTMLCanvasElement): CanvasRenderingContext2D => {
  const state: Record<PropertyKey, unknown> = { canvas };
  const fixed: Record<PropertyKey, unknown> = {
    measureText: (text: string) => ({ width: text.length * 7, actualBoundingBoxAscent: 9, actualBoundingBoxDescent: 3 }),
    getImageData: (_x: number, _y: number, width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }),
    createLinearGradient: () => ({ addColorStop() {} }),
    createRadialGradient: () => ({ addColorStop() {} }),
    createPattern: () => null,
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    isPointInPath: () => false,
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (target, key) => (key in fixed ? fixed[key] : key in target ? target[key] : () => undefined),
    set: (target, key, value) => ((target[key] = value), true),
  }) as unknown as CanvasRenderingContext2D;
};
HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string) {
  return kind === "2d" ? noDrawing(this) : null;
} as HTMLCanvasElement["getContext"];

// findBy… and waitFor give up after 5 s, not 1: a page's first render loads its chunk, which took
// over a second in jsdom on a machine loaded ten times over its two cores. A bound for a hang.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
