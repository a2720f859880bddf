// The one exact decimal of server, machines and views (issue 23): a bigint of units and a power of
// ten, so money never passes through a float. Written by hand rather than taken from a library:
// the whole need is five operations and six roundings over bigint, which fits in this file and
// costs the views' first load nothing. Apart from money.ts's schemas, so views load it without zod.
export { parseAmountInput, type AmountInput } from "./amountInput.ts";

/** A signed decimal in plain notation (no exponent, no grouping): "0.00012345", "-12.5", "100". */
export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** How a value between two steps is settled: down/up are toward/away from zero, floor/ceil toward −∞/+∞. */
export type Rounding = "down" | "up" | "floor" | "ceil" | "halfUp" | "halfEven";

/** `units / 10^scale`; the scale is kept as written, so "12.50" stays 1250 at scale 2. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

// Far beyond any asset (18) or price: the bound keeps a hostile "0.000…1" from costing a huge power of ten.
const MAX_SCALE = 1000;

const ten = (power: number) => 10n ** BigInt(power);
const abs = (n: bigint) => (n < 0n ? -n : n);

function checkScale(scale: number): void {
  if (!Number.isSafeInteger(scale) || scale < 0 || scale > MAX_SCALE) throw new RangeError(`bad scale ${scale}`);
}

export function decimalOf(units: bigint, scale: number): Decimal {
  checkScale(scale);
  return { units, scale };
}

/** A plain decimal as DECIMAL_PATTERN reads it ("-12.50"), or null for anything else. */
export function parseDecimal(text: string): Decimal | null {
  if (!DECIMAL_PATTERN.test(text)) return null;
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  if (fraction.length > MAX_SCALE) return null;
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** parseDecimal for text that must be a decimal: a RangeError otherwise. */
export function decimal(text: string): Decimal {
  const parsed = parseDecimal(text);
  if (!parsed) throw new RangeError("not a plain decimal");
  return parsed;
}

const asDecimal = (value: Decimal | string): Decimal => (typeof value === "string" ? decimal(value) : value);

/**
 * The exact plain text. `places` writes exactly that many fraction digits and throws rather than
 * drop a non-zero one; `trim` then drops trailing fraction zeros. A zero never carries a minus.
 */
export function toPlain(d: Decimal, options: { places?: number; trim?: boolean } = {}): string {
  let { units, scale } = d;
  const { places } = options;
  if (places !== undefined) {
    checkScale(places);
    if (places >= scale) units *= ten(places - scale);
    else {
      const divisor = ten(scale - places);
      if (units % divisor !== 0n) throw new RangeError(`not exact in ${places} places`);
      units /= divisor;
    }
    scale = places;
  }
  const digits = abs(units)
    .toString()
    .padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (options.trim) fraction = fraction.replace(/0+$/, "");
  return `${units < 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Minor units as a plain string with exactly `decimals` places: (12345n, 8) → "0.00012345". */
export function fromMinor(units: bigint, decimals: number): string {
  return toPlain(decimalOf(units, decimals));
}

/**
 * A value in minor units of an asset with `decimals` places. Without `rounding` it is exact or
 * null (more non-zero places than the asset has, or text that is not a plain decimal).
 */
export function toMinor(value: string | Decimal, decimals: number, rounding?: Rounding): bigint | null {
  checkScale(decimals);
  const d = typeof value === "string" ? parseDecimal(value) : value;
  if (!d) return null;
  if (rounding) return round(d, decimals, rounding).units;
  if (d.scale <= decimals) return d.units * ten(decimals - d.scale);
  const divisor = ten(d.scale - decimals);
  return d.units % divisor === 0n ? d.units / divisor : null;
}

/** `n / d` in whole numbers, rounded as asked. */
function divide(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError("division by zero");
  if (d < 0n) [n, d] = [-n, -d];
  const quotient = n / d; // toward zero
  const remainder = n % d;
  if (remainder === 0n) return quotient;
  const away = n < 0n ? quotient - 1n : quotient + 1n;
  switch (rounding) {
    case "down":
      return quotient;
    case "up":
      return away;
    case "floor":
      return n < 0n ? away : quotient;
    case "ceil":
      return n < 0n ? quotient : away;
    case "halfUp":
    case "halfEven": {
      const twice = 2n * abs(remainder);
      if (twice !== d) return twice > d ? away : quotient;
      return rounding === "halfUp" || quotient % 2n !== 0n ? away : quotient;
    }
    default:
      throw new RangeError(`unknown rounding ${String(rounding)}`);
  }
}

/** To exactly `scale` places: padded when finer already, else rounded as asked. */
export function round(d: Decimal, scale: number, rounding: Rounding): Decimal {
  checkScale(scale);
  if (scale >= d.scale) return { units: d.units * ten(scale - d.scale), scale };
  return { units: divide(d.units, ten(d.scale - scale), rounding), scale };
}

/** Both at the finer scale, so their units line up. */
function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * ten(scale - a.scale), b.units * ten(scale - b.scale), scale];
}

export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return decimalOf(x + y, scale);
}

export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return decimalOf(x - y, scale);
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return decimalOf(a.units * b.units, a.scale + b.scale);
}

/** `a / b` to `scale` places, rounded as asked (never exact in general, so both are required). */
export function div(a: Decimal, b: Decimal, scale: number, rounding: Rounding): Decimal {
  checkScale(scale);
  if (b.units === 0n) throw new RangeError("division by zero");
  // a/b · 10^scale = a.units · 10^(scale + b.scale) / (b.units · 10^a.scale)
  const shift = scale + b.scale - a.scale;
  const numerator = shift >= 0 ? a.units * ten(shift) : a.units;
  const denominator = shift >= 0 ? b.units : b.units * ten(-shift);
  return { units: divide(numerator, denominator, rounding), scale };
}

/** `d · 10^places`, exactly: the point moved right (left when negative), as an exponent does. */
export function movePoint(d: Decimal, places: number): Decimal {
  if (!Number.isSafeInteger(places)) throw new RangeError(`bad places ${places}`);
  return places <= d.scale ? decimalOf(d.units, d.scale - places) : decimalOf(d.units * ten(places - d.scale), 0);
}

export function sign(d: Decimal): -1 | 0 | 1 {
  return d.units === 0n ? 0 : d.units < 0n ? -1 : 1;
}

/** Orders by value ("97123.40" equals "97123.4"); a string that is not a plain decimal throws. */
export function compare(a: Decimal | string, b: Decimal | string): -1 | 0 | 1 {
  return sign(sub(asDecimal(a), asDecimal(b)));
}
