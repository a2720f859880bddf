import type { Amount } from "../../../contract/money.ts";
import { DECIMAL_PATTERN } from "../../../contract/decimal.ts";

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

/** An exact decimal: `units / 10^scale`. */
interface Exact {
  units: bigint;
  scale: number;
}

function parse(value: string): Exact | null {
  if (!DECIMAL_PATTERN.test(value)) return null;
  const [whole = "0", fraction = ""] = value.split(".");
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

const ten = (power: number) => 10n ** BigInt(power);

/** Rounds to `decimals` places, half away from zero: what Intl.NumberFormat shows by default. */
function round({ units, scale }: Exact, decimals: number): bigint {
  if (scale <= decimals) return units * ten(decimals - scale);
  const divisor = ten(scale - decimals);
  const quotient = units / divisor;
  const remainder = units % divisor;
  const away = 2n * (remainder < 0n ? -remainder : remainder) >= divisor;
  return away ? quotient + (units < 0n ? -1n : 1n) : quotient;
}

/** `units / 10^decimals` as a plain decimal string, for Intl.NumberFormat to format exactly. */
function decimalString(units: bigint, decimals: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  return `${units < 0n ? "-" : ""}${whole}${decimals > 0 ? `.${digits.slice(-decimals)}` : ""}`;
}

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
  const exact = parse(amount.value);
  if (!exact) return invalidAmount;

  let rounded = round(exact, decimals);
  let suffix = "";
  const magnitude = (units: bigint) => (units < 0n ? -units : units);
  for (const [index, tier] of tiers.entries()) {
    if (magnitude(rounded) < ten(tier.power + decimals)) continue;
    rounded = round({ units: exact.units, scale: exact.scale + tier.power }, decimals);
    suffix = tier.suffix;
    // 999.995M rounds to 1000.00M: that is the next tier up.
    const higher = tiers[index - 1];
    if (higher && magnitude(rounded) >= ten(higher.power - tier.power + decimals)) {
      rounded = round({ units: exact.units, scale: exact.scale + higher.power }, decimals);
      suffix = higher.suffix;
    }
    break;
  }

  // Digits stay Latin in Arabic too, as traders expect for prices; a rounded-away minus is not shown.
  const currency = isCurrency(amount.asset);
  const number = formatDecimal(decimalString(rounded, decimals), currency ? amount.asset : null, decimals);
  const text = currency ? `${number}${suffix}` : `${number}${suffix} ${amount.asset}`;
  return locale.startsWith("ar") ? ltr(text) : text;
}
