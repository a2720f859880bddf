// WCAG 2.x contrast, for text drawn on a colour the catalog chooses (an asset's brand colour).

/** Relative luminance of an sRGB colour written #rrggbb. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WHITE = "#ffffff";
export const BLACK = "#000000";

/**
 * The ink for text on a background: white or black, whichever contrasts more. One of the two
 * always reaches at least 4.58:1 (WCAG AA asks 4.5:1), so any brand colour gets a legible badge.
 */
export function inkOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}
