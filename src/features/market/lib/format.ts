// How market figures read: prices with the digits a price needs, percent changes, ages.
import { DECIMAL_PATTERN } from "../../../../contract/decimal.ts";
import { formatMoney } from "../../../shared/lib/money.ts";

/**
 * Fraction digits that make a price useful: 2 from 1 up (spec section 3), and 4 significant
 * digits below 1 (0.5012, 0.00001234), at most 10.
 */
export function priceDecimals(value: string): number {
  if (!DECIMAL_PATTERN.test(value)) return 2;
  const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
  if (whole !== "0") return 2;
  const zeros = fraction.match(/^0*/)?.[0].length ?? 0;
  if (zeros === fraction.length) return 2;
  return Math.min(10, Math.max(2, zeros + 4));
}

/** A price in its quote currency ($97,123.45, €0.00001234), digits kept left-to-right in Arabic. */
export function formatPrice(value: string, currency: string, locale: string): string {
  return formatMoney({ asset: currency, value }, { locale, decimals: priceDecimals(value) });
}

/** A whole-unit amount such as a volume, with M and B (spec section 3). */
export function formatVolume(value: string, currency: string, locale: string): string {
  return formatMoney({ asset: currency, value }, { locale });
}

/** "+2.35%" / "−1.20%" / "0.00%": the sign always shown, two decimals. */
export function formatChange(value: string): string {
  if (!DECIMAL_PATTERN.test(value)) return "—";
  const negative = value.startsWith("-") && /[1-9]/.test(value);
  const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
  const digits = `${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
  const zero = /^0\.00$/.test(digits);
  return `${zero ? "" : negative ? "\u2212" : "+"}${digits}%`;
}

export function changeDirection(value: string): "up" | "down" | "flat" {
  if (!DECIMAL_PATTERN.test(value) || !/[1-9]/.test(value)) return "flat";
  return value.startsWith("-") ? "down" : "up";
}

/**
 * Search that forgives what people type: case, Arabic diacritics and the letter forms that are
 * often swapped (أ إ آ → ا, ى → ي, ة → ه).
 */
export function normalizeSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
    .replace(/[\u0622\u0623\u0625]/g, "\u0627")
    .replace(/\u0649/g, "\u064A")
    .replace(/\u0629/g, "\u0647")
    .replace(/\s+/g, " ")
    .trim();
}

/** Orders two decimal strings exactly (no floating point): negative, zero or positive. */
export function compareDecimals(a: string, b: string): number {
  const scale = (value: string) => (value.split(".")[1] ?? "").length;
  const digits = Math.max(scale(a), scale(b));
  const units = (value: string) => {
    const negative = value.startsWith("-");
    const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
    const n = BigInt(whole + fraction.padEnd(digits, "0"));
    return negative ? -n : n;
  };
  if (!DECIMAL_PATTERN.test(a) || !DECIMAL_PATTERN.test(b)) return 0;
  const difference = units(a) - units(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}
