// Tawk.to's embed, and taking it away again (src/features/chat/adapters/tawk.ts), in a document.
import { afterEach, describe, expect, it } from "vitest";
import { tawkWidget } from "../../../src/features/chat/index.ts";

const EN = "64f1c0ffee0123456789abcd/1h9enabc1";
const AR = "64f1c0ffee0123456789abce/1h9arabc2";
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>("script[data-chat-widget]")].map((script) => script.src);

afterEach(() => document.body.replaceChildren());

describe("the Tawk.to widget", () => {
  it("loads the embed script of the key it is given, once", () => {
    const widget = tawkWidget(document);
    widget.show(EN);
    widget.show(EN);
    expect(scripts()).toEqual([`https://embed.tawk.to/${EN}`]);
    expect((window as unknown as { Tawk_API?: object }).Tawk_API).toEqual({});
  });

  it("swaps to another key: the old widget's script, parts and API go; what the page added meanwhile stays", () => {
    const root = document.createElement("div");
    root.id = "root";
    document.body.append(root);
    const widget = tawkWidget(document);
    widget.show(EN);
    let shutdowns = 0;
    (window as unknown as { Tawk_API: { shutdown(): void } }).Tawk_API.shutdown = () => void shutdowns++;
    const frame = document.createElement("div");
    frame.className = "widget-visible";
    const portal = document.createElement("div");
    portal.id = "a-dialog";
    document.body.append(frame, portal);
    widget.show(AR);
    expect(shutdowns).toBe(1);
    expect(scripts()).toEqual([`https://embed.tawk.to/${AR}`]);
    expect(document.querySelector(".widget-visible")).toBeNull();
    expect(document.getElementById("a-dialog")).not.toBeNull();
    expect(document.getElementById("root")).not.toBeNull();
    widget.show(null);
    expect(scripts()).toEqual([]);
    expect((window as unknown as { Tawk_API?: object }).Tawk_API).toBeUndefined();
  });
});
