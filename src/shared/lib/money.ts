import type { Amount } from "../../../contract/money.ts";
import { movePoint, parseDecimal, round, toPlain, type Decimal } from "../../../contract/decimal.ts";

export interface MoneyFormatOptions {
  locale?: string;
  /** Fraction digits shown (spec section 3: 2 by default). */
  decimals?: number;
}

// Spec sections 3 and 9: M at 1e6, B at 1e9 (as powers of ten, so the scaling is exact).
const tiers = [
  { power: 9, suffix: "B" },
  { power: 6, suffix: "M" },
] as const;

/** Shown for a value that is not a plain decimal. */
export const invalidAmount = "—";

// Left-to-right isolate: an amount keeps its order ($, sign, digits, suffix) inside Arabic text.
const ltr = (text: string) => `\u2066${text}\u2069`;

const ten = (power: number) => 10n ** BigInt(power);
const magnitude = ({ units }: Decimal) => (units < 0n ? -units : units);

let currencies: ReadonlySet<string> | null = null;
/** ISO 4217 currencies format as currency ($1.00, €2.50); other assets (BTC, USDT) as a number and their code. */
function isCurrency(asset: string): boolean {
  // The list is long and made anew on every call: asked once (a page formats hundreds of amounts).
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(asset);
}

/**
 * en-US's own signs for the currencies the app shows most (its quote currencies, and the pound).
 * For these, and for plain numbers, the text is written here exactly as Intl.NumberFormat writes it
 * (a test compares the two): the browser's first NumberFormat loads its locale data, which on a
 * slow phone held up the first render of a page of prices by about a tenth of a second.
 */
const PREFIXES: Readonly<Record<string, string>> = { USD: "$", EUR: "€", GBP: "£", AED: "AED\u00a0", SAR: "SAR\u00a0" };

/** A plain decimal with exactly `decimals` places, in en-US's grouping, its currency's sign first; no minus on a zero. */
export function formatDecimal(decimal: string, currency: string | null, decimals: number): string {
  const prefix = currency === null ? "" : PREFIXES[currency];
  if (prefix === undefined) return numberFormat(currency, decimals).format(decimal as Intl.StringNumericLiteral);
  const negative = decimal.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? decimal.slice(1) : decimal).split(".");
  const sign = negative && /[1-9]/.test(whole + fraction) ? "-" : "";
  return `${sign}${prefix}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

// Making a NumberFormat costs far more than using one: one per currency (or none) and decimals.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(currency: string | null, decimals: number): Intl.NumberFormat {
  const key = `${currency ?? ""}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      ...(currency ? { style: "currency", currency } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: "negative",
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Formats an amount in its asset with fixed decimals, abbreviating millions and billions. The
 * value stays an exact decimal throughout (never a float); the tier is chosen after rounding, so
 * 999,999.999 reads $1.00M, not $1,000,000.00.
 */
export function formatMoney(amount: Amount, options: MoneyFormatOptions = {}): string {
  const { locale = "en", decimals = 2 } = options;
  const exact = parseDecimal(amount.value);
  if (!exact) return invalidAmount;

  // Half away from zero: what Intl.NumberFormat shows by default.
  let rounded = round(exact, decimals, "halfUp");
  let suffix = "";
  for (const [index, tier] of tiers.entries()) {
    if (magnitude(rounded) < ten(tier.power + decimals)) continue;
    rounded = round(movePoint(exact, -tier.power), decimals, "halfUp");
    suffix = tier.suffix;
    // 999.995M rounds to 1000.00M: that is the next tier up.
    const higher = tiers[index - 1];
    if (higher && magnitude(rounded) >= ten(higher.power - tier.power + decimals)) {
      rounded = round(movePoint(exact, -higher.power), decimals, "halfUp");
      suffix = higher.suffix;
    }
    break;
  }

  // Digits stay Latin in Arabic too, as traders expect for prices; a rounded-away minus is not shown.
  const currency = isCurrency(amount.asset);
  const number = formatDecimal(toPlain(rounded), currency ? amount.asset : null, decimals);
  const text = currency ? `${number}${suffix}` : `${number}${suffix} ${amount.asset}`;
  return locale.startsWith("ar") ? ltr(text) : text;
}
