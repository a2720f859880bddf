// The arithmetic of a card buy, on the contract's exact decimal: amounts are bigints in minor units
// (cents, satoshi), the price a Decimal, and every division rounds the way that never credits more
// than was paid for — the crypto bought and the fee round down, a fiat amount asked for a wanted
// crypto amount rounds up.
import { ONRAMP_CARD_DECIMALS } from "../../../contract/index.ts";
import { decimalOf, div, mul, round, type Decimal } from "../../../contract/decimal.ts";

export interface BuyFigures {
  fiatCents: bigint;
  /** The crypto the payment buys, before Sarraf's fee. */
  grossUnits: bigint;
  feeUnits: bigint;
  /** What the buyer is credited: gross − fee. */
  receiveUnits: bigint;
}

// Basis points are hundredths of a percent: four places of a fraction.
const basisPoints = (points: number | bigint) => decimalOf(BigInt(points), 4);
const cents = (units: bigint) => decimalOf(units, ONRAMP_CARD_DECIMALS);
/** An amount in minor units priced in fiat, to the cent, rounded as asked. */
const fiatValue = (units: bigint, decimals: number, price: Decimal, rounding: "up" | "down") =>
  round(mul(decimalOf(units, decimals), price), ONRAMP_CARD_DECIMALS, rounding).units;

/** Sarraf's fee on crypto bought, in the same minor units, rounded down (the buyer is never short-changed by rounding). */
export function feeOf(grossUnits: bigint, feeBasisPoints: number): bigint {
  return round(mul(decimalOf(grossUnits, 0), basisPoints(feeBasisPoints)), 0, "down").units;
}

/** What a payment of `fiatCents` buys at `price` (fiat per whole unit of an asset of `decimals`). */
export function figuresForFiat(fiatCents: bigint, price: Decimal, decimals: number, feeBasisPoints: number): BuyFigures {
  if (price.units <= 0n) throw new RangeError("price must be positive");
  const grossUnits = div(cents(fiatCents), price, decimals, "down").units;
  const feeUnits = feeOf(grossUnits, feeBasisPoints);
  return { fiatCents, grossUnits, feeUnits, receiveUnits: grossUnits - feeUnits };
}

/** The payment that credits at least `receiveUnits` after the fee. */
export function figuresForCrypto(receiveUnits: bigint, price: Decimal, decimals: number, feeBasisPoints: number): BuyFigures {
  const keep = basisPoints(10_000 - feeBasisPoints);
  const grossUnits = div(decimalOf(receiveUnits, decimals), keep, decimals, "up").units;
  return figuresForFiat(fiatValue(grossUnits, decimals, price, "up"), price, decimals, feeBasisPoints);
}

/** Whole dollars of a limit, in cents of a currency at `perUsd` units per dollar: the minimum rounds up, the maximum down. */
export function limitCents(dollars: number, perUsd: Decimal, rounding: "up" | "down"): bigint {
  return fiatValue(BigInt(dollars), 0, perUsd, rounding);
}
