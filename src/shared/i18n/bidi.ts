// Text that must read left to right inside Arabic (an e-mail address) travels in plain strings
// (toasts) between LRI (U+2066) and PDI (U+2069): the Unicode bidi algorithm keeps it in order
// wherever the string is shown, and a renderer can find it to keep it on one line.

const LRI = "\u2066";
const PDI = "\u2069";

/** The text isolated left to right, for interpolating into a translated sentence. */
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

export interface TextPart {
  text: string;
  /** An isolated left-to-right run (without its marks). */
  ltr: boolean;
}

/** A string cut into plain text and its isolated left-to-right runs, in order; empty parts are dropped. */
export function splitIsolates(text: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const [index, piece] of text.split(new RegExp(`${LRI}([^${PDI}]*)${PDI}`, "u")).entries()) {
    if (piece) parts.push({ text: piece, ltr: index % 2 === 1 });
  }
  return parts;
}
