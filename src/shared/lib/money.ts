export interface MoneyFormatOptions {
  locale?: string;
  currency?: string;
  decimals?: number;
}

// Spec sections 3 and 9: M at 1e6, B at 1e9.
const tiers = [
  { threshold: 1e9, suffix: "B" },
  { threshold: 1e6, suffix: "M" },
] as const;

/** Shown for a value that is not a finite number. */
export const invalidAmount = "—";

// Left-to-right isolate: an amount keeps its order ($, sign, digits, suffix) inside Arabic text.
const ltr = (text: string) => `\u2066${text}\u2069`;

// Rounds exactly as Intl.NumberFormat will display it (both round the exact binary value).
const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Formats money as currency with fixed decimals, abbreviating millions and billions.
 * The tier is chosen after rounding, so 999,999.999 reads $1.00M, not $1,000,000.00.
 */
export function formatMoney(value: unknown, options: MoneyFormatOptions = {}): string {
  const { locale = "en", currency = "USD", decimals = 2 } = options;
  const amount = toNumber(value);
  if (amount === null) return invalidAmount;

  let scaled = roundTo(amount, decimals);
  let suffix = "";
  for (const [index, tier] of tiers.entries()) {
    if (Math.abs(scaled) < tier.threshold) continue;
    scaled = roundTo(amount / tier.threshold, decimals);
    suffix = tier.suffix;
    // 999.995M rounds to 1000.00M: that is the next tier up.
    const higher = tiers[index - 1];
    if (higher && Math.abs(scaled) >= higher.threshold / tier.threshold) {
      scaled = roundTo(amount / higher.threshold, decimals);
      suffix = higher.suffix;
    }
    break;
  }
  if (Object.is(scaled, -0)) scaled = 0;

  // Digits stay Latin in Arabic too, as traders expect for prices.
  const text =
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(scaled) + suffix;
  return locale.startsWith("ar") ? ltr(text) : text;
}
