// What a person types as an amount, read into the plain decimal the API carries (issue 23): an
// Arabic or Persian keyboard's digits and separators, grouping, a currency sign. Grouping is
// accepted only where it cannot be misread ("1,000.5", never "1,5", which a European means as 1.5).

export type AmountInput = { ok: true; value: string } | { ok: false; error: "amount.invalid" };

const MAX_LENGTH = 60;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const refused = { ok: false, error: "amount.invalid" } as const;

// Direction marks that copy-pasting from right-to-left text brings along (LRM, RLM, ALM, embeddings, isolates).
const MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/** The first code point of each block of ten digits a keyboard may send: Arabic-Indic, Persian, full-width. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0xff10];
const OTHER_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g;

/** Decimal separators other than ".": the Arabic one (٫) and the full-width dot. */
const DOTS = /[\u066B\uFF0E]/g;

/**
 * Thousands separators: the comma (and its full-width form), the Arabic one (٬), the apostrophes
 * used in Switzerland, and the spaces some locales group with (plain, no-break, thin, narrow).
 */
const GROUPING = ",\uFF0C\u066C'\u2019 \u00A0\u2009\u202F";

/**
 * One currency sign, before the number or after it (Arabic writes "١٠٠ ر.س"): the symbols of the
 * quote currencies and pound, their codes, and the Arabic abbreviations of riyal and dirham. Not
 * checked against the form's currency: the sign is the person's way of saying "money".
 */
const CURRENCY = "(?:[$€£]|USD|EUR|AED|SAR|GBP|ر\\.س\\.?|د\\.إ\\.?)";
const LEADING_SIGN = new RegExp(`^${CURRENCY}\\s*`, "i");
const TRAILING_SIGN = new RegExp(`\\s*${CURRENCY}$`, "i");

const digitOf = (char: string) => {
  const code = char.codePointAt(0)!;
  const zero = DIGIT_ZEROS.find((first) => code >= first && code <= first + 9)!;
  return String(code - zero);
};

/** The whole part without its grouping, or null when a separator stands where it could be misread. */
function ungrouped(whole: string): string | null {
  if (/^\d*$/.test(whole)) return whole;
  const separator = [...whole].find((char) => GROUPING.includes(char));
  if (!separator) return null;
  const groups = whole.split(separator);
  // One kind of separator, a first group of 1–3 digits not starting with 0 ("0,500" may mean a half), then threes.
  const [first = "", ...rest] = groups;
  if (!/^[1-9]\d{0,2}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  return groups.join("");
}

/** A non-negative amount as typed, as a canonical plain decimal ("007" → "7", ".5" → "0.5", "100." → "100"), or refused. */
export function parseAmountInput(text: string): AmountInput {
  // What the app itself sends (plain ASCII digits, one dot inside): no keyboard's forms to read.
  const plainNumber = text.length <= MAX_LENGTH ? PLAIN.exec(text) : null;
  if (plainNumber) {
    const [, whole = "", fraction] = plainNumber;
    const canonicalWhole = whole.replace(/^0+(?=\d)/, "");
    return { ok: true, value: fraction === undefined ? canonicalWhole : `${canonicalWhole}.${fraction}` };
  }
  let value = text.replace(MARKS, "").trim();
  if (value.length === 0 || value.length > MAX_LENGTH) return refused;
  const withoutLeading = value.replace(LEADING_SIGN, "");
  value = withoutLeading !== value ? withoutLeading : value.replace(TRAILING_SIGN, "");
  value = value.replace(OTHER_DIGITS, digitOf).replace(DOTS, ".");

  const parts = value.split(".");
  if (parts.length > 2) return refused;
  const [rawWhole = "", fraction = ""] = parts;
  const whole = ungrouped(rawWhole);
  if (whole === null || !/^\d*$/.test(fraction) || whole + fraction === "") return refused;

  const canonicalWhole = whole.replace(/^0+(?=\d)/, "") || "0";
  return { ok: true, value: fraction ? `${canonicalWhole}.${fraction}` : canonicalWhole };
}
