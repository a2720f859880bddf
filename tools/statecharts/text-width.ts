// Text widths without a browser: Helvetica/Arial advance widths (per 1000 em) for
// printable ASCII, so layout is the same in Node and in every browser. Browser-safe.

const widths =
  "278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556," +
  "1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556," +
  "333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584";
const advance = widths.split(",").map(Number);

/** Width in px of `text` at `size` px; bold text is about 8% wider in these faces. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? advance[code - 32]! : 600;
  }
  return (units / 1000) * size * (bold ? 1.08 : 1);
}

/** Breaks text into lines no wider than `max` px, at spaces (a longer word keeps its own line). */
export function wrap(text: string, size: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > max) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}
