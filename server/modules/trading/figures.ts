// The arithmetic of a trade, on the contract's exact decimal. The house's rate is a fraction N/D of
// units of `to` per unit of `from` (spread included), so each amount is figured with one division
// and rounded once, always in the house's favour and by less than one minor unit:
// - typed on the paying side: gross = ⌊pay·N/D⌋, fee = ⌈gross·bps⌉ (at least the minimum), receive = gross − fee;
// - typed on the receiving side: fee = ⌈receive·bps/(1 − bps)⌉ (at least the minimum), gross = receive + fee, pay = ⌈gross·D/N⌉.
// tests/server/trading/figures.test.ts checks the bound on random inputs.
import { add, compare, decimalOf, div, mul, round, sub, type Decimal } from "../../../contract/decimal.ts";
import type { TradeKind, TradeSide } from "../../../contract/index.ts";

export const BPS = 10_000n;
const bps = (points: number | bigint) => decimalOf(BigInt(points), 4);
const one = decimalOf(1n, 0);

/** Units of `to` per unit of `from` as N/D, spread included: a sell's bid, a buy's 1/ask, a convert's from/to at the bid. */
export interface Rate {
  n: Decimal;
  d: Decimal;
}

/**
 * The mid price as quoted (units of the pair's quote per unit of its base) and the house's rate.
 * buy/sell: `mid` is the currency per coin; convert: the mids of both coins in US dollars.
 */
export function houseRate(kind: TradeKind, spreadBps: number, mids: { coin: Decimal } | { from: Decimal; to: Decimal }): { rate: Rate; price: Decimal } {
  const below = sub(one, bps(spreadBps));
  const above = add(one, bps(spreadBps));
  if (kind === "convert" && "from" in mids) {
    const n = mul(mids.from, below);
    // The price shown: `to` per `from` to twelve places, rounded down as the amounts are.
    return { rate: { n, d: mids.to }, price: div(n, mids.to, 12, "down") };
  }
  if (!("coin" in mids)) throw new RangeError("a buy or a sell is priced by its coin's mid");
  if (kind === "sell") {
    const bid = mul(mids.coin, below);
    return { rate: { n: bid, d: one }, price: bid };
  }
  const ask = mul(mids.coin, above);
  return { rate: { n: one, d: ask }, price: ask };
}

export interface TradeFigures {
  payUnits: bigint;
  /** What the house gives before the fee. */
  grossUnits: bigint;
  feeUnits: bigint;
  receiveUnits: bigint;
}

export interface FigureInput {
  side: TradeSide;
  /** Minor units of `from` (side "from") or of `to` (side "to"). */
  units: bigint;
  fromDecimals: number;
  toDecimals: number;
  rate: Rate;
  feeBps: number;
  /** The smallest fee, in minor units of `to`. */
  minFeeUnits: bigint;
}

const of = (units: bigint, decimals: number) => decimalOf(units, decimals);

/** The fee on a gross amount: basis points rounded up, at least the minimum. */
export function feeOn(grossUnits: bigint, feeBps: number, minFeeUnits: bigint): bigint {
  const byRate = round(mul(decimalOf(grossUnits, 0), bps(feeBps)), 0, "ceil").units;
  return byRate > minFeeUnits ? byRate : minFeeUnits;
}

/** Every figure of a trade; receiveUnits ≤ 0 means the amount does not cover the fee. */
export function figure({ side, units, fromDecimals, toDecimals, rate, feeBps, minFeeUnits }: FigureInput): TradeFigures {
  if (rate.n.units <= 0n || rate.d.units <= 0n) throw new RangeError("the rate must be positive");
  if (side === "from") {
    const grossUnits = div(mul(of(units, fromDecimals), rate.n), rate.d, toDecimals, "down").units;
    const feeUnits = feeOn(grossUnits, feeBps, minFeeUnits);
    return { payUnits: units, grossUnits, feeUnits, receiveUnits: grossUnits - feeUnits };
  }
  // fee/(receive + fee) ≥ bps: the smallest whole fee that keeps the rate of the other side.
  const byRate = feeBps === 0 ? 0n : div(mul(decimalOf(units, 0), bps(feeBps)), sub(one, bps(feeBps)), 0, "ceil").units;
  const feeUnits = byRate > minFeeUnits ? byRate : minFeeUnits;
  const grossUnits = units + feeUnits;
  const payUnits = div(mul(of(grossUnits, toDecimals), rate.d), rate.n, fromDecimals, "ceil").units;
  return { payUnits, grossUnits, feeUnits, receiveUnits: units };
}

/** A US-dollar amount in minor units of an asset worth `usd` dollars per unit, rounded as asked. */
export function usdToUnits(dollars: Decimal, usd: Decimal, decimals: number, rounding: "floor" | "ceil"): bigint {
  return div(dollars, usd, decimals, rounding).units;
}

/** Minor units of an asset worth `usd` dollars per unit, in dollars (for limits and exposure; exact). */
export function unitsToUsd(units: bigint, decimals: number, usd: Decimal): Decimal {
  return mul(of(units, decimals), usd);
}

/** Whether two prices differ by more than `toleranceBps` of the first. */
export function movedBeyond(quoted: Decimal, live: Decimal, toleranceBps: number): boolean {
  const diff = sub(live, quoted);
  const size = diff.units < 0n ? decimalOf(-diff.units, diff.scale) : diff;
  return compare(mul(size, decimalOf(BPS, 0)), mul(quoted, decimalOf(BigInt(toleranceBps), 0))) > 0;
}
