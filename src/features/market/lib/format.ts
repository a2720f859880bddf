// How market figures read: prices with the digits a price needs, percent changes, ages.
import { DECIMAL_PATTERN, parseDecimal, round, sign, toPlain } from "../../../../contract/decimal.ts";
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
  const change = parseDecimal(value);
  if (!change) return "—";
  // Cut toward zero rather than rounded, so a change too small to show reads 0.00% without a sign.
  const shown = round(change, 2, "down");
  return `${["\u2212", "", "+"][sign(shown) + 1]}${toPlain(shown).replace("-", "")}%`;
}

export function changeDirection(value: string): "up" | "down" | "flat" {
  const change = parseDecimal(value);
  const direction = change ? sign(change) : 0;
  return direction > 0 ? "up" : direction < 0 ? "down" : "flat";
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
