// The arithmetic of a card buy, exact: amounts are bigints in minor units (cents, satoshi), the
// price a decimal string read as a fraction, and every division rounds the way that never credits
// more than was paid for — the crypto bought and the fee round down, a fiat amount asked for a
// wanted crypto amount rounds up.
import { ONRAMP_CARD_DECIMALS } from "../../../contract/index.ts";

/** A non-negative decimal string as a fraction: 123.45 → { n: 12345n, scale: 2 }. */
export interface Fraction {
  n: bigint;
  scale: number;
}

export function fractionOf(decimal: string): Fraction {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new RangeError("not a plain decimal");
  const fraction = match[2] ?? "";
  return { n: BigInt(match[1]! + fraction), scale: fraction.length };
}

const ten = (power: number) => 10n ** BigInt(power);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const BASIS = 10_000n;

/** Minor units of a decimal with at most `decimals` places, or null when it has more. */
export function unitsOf(decimal: string, decimals: number): bigint | null {
  const { n, scale } = fractionOf(decimal);
  if (scale > decimals) {
    // Trailing zeros beyond the asset's places change nothing: 1.50 of a 1-place asset is fine.
    const extra = ten(scale - decimals);
    return n % extra === 0n ? n / extra : null;
  }
  return n * ten(decimals - scale);
}

/** The exact decimal string of minor units. */
export function decimalOf(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, "0");
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export interface BuyFigures {
  fiatCents: bigint;
  /** The crypto the payment buys, before Sarraf's fee. */
  grossUnits: bigint;
  feeUnits: bigint;
  /** What the buyer is credited: gross − fee. */
  receiveUnits: bigint;
}

const CENTS = ten(ONRAMP_CARD_DECIMALS);

/** What a payment of `fiatCents` buys at `price` (fiat per whole unit of an asset of `decimals`). */
export function figuresForFiat(fiatCents: bigint, price: Fraction, decimals: number, feeBasisPoints: number): BuyFigures {
  if (price.n <= 0n) throw new RangeError("price must be positive");
  const grossUnits = (fiatCents * ten(decimals) * ten(price.scale)) / (price.n * CENTS);
  const feeUnits = (grossUnits * BigInt(feeBasisPoints)) / BASIS;
  return { fiatCents, grossUnits, feeUnits, receiveUnits: grossUnits - feeUnits };
}

/** The payment that credits at least `receiveUnits` after the fee. */
export function figuresForCrypto(receiveUnits: bigint, price: Fraction, decimals: number, feeBasisPoints: number): BuyFigures {
  const keep = BASIS - BigInt(feeBasisPoints);
  const grossUnits = ceilDiv(receiveUnits * BASIS, keep);
  const fiatCents = ceilDiv(grossUnits * price.n * CENTS, ten(decimals) * ten(price.scale));
  return figuresForFiat(fiatCents, price, decimals, feeBasisPoints);
}

/** Whole dollars of a limit, in cents of a currency at `perUsd` units per dollar: the minimum rounds up, the maximum down. */
export function limitCents(dollars: number, perUsd: Fraction, round: "up" | "down"): bigint {
  const exact = BigInt(dollars) * CENTS * perUsd.n;
  const divisor = ten(perUsd.scale);
  return round === "up" ? ceilDiv(exact, divisor) : exact / divisor;
}

/** The value in cents of `units` of an asset at `price`, rounded down. */
export function valueCents(units: bigint, decimals: number, price: Fraction): bigint {
  return (units * price.n * CENTS) / (ten(decimals) * ten(price.scale));
}
