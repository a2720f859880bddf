// Issue 26: "rounding always in the house's favour by at most one minor unit". For random rates,
// fees, minimums, decimals and amounts on either side, each rounded figure is within one minor
// unit of its exact value and on the house's side of it, and the user never receives more than
// the exact value of what they pay.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compare, decimalOf, mul, type Decimal } from "../../../contract/decimal.ts";
import { figure, houseRate } from "../../../server/modules/trading/figures.ts";

const of = (units: bigint, decimals: number) => decimalOf(units, decimals);
const int = (n: bigint | number) => decimalOf(BigInt(n), 0);
const le = (a: Decimal, b: Decimal) => compare(a, b) <= 0;
const lt = (a: Decimal, b: Decimal) => compare(a, b) < 0;

const price = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 12 })).map(([units, scale]) => decimalOf(units, scale));
const decimals = fc.constantFrom(0, 2, 6, 8, 9, 18);
const input = fc.record({
  kind: fc.constantFrom("buy" as const, "sell" as const, "convert" as const),
  side: fc.constantFrom("from" as const, "to" as const),
  coin: price,
  other: price,
  spread: fc.integer({ min: 0, max: 500 }),
  feeBps: fc.integer({ min: 0, max: 500 }),
  minFeeUnits: fc.bigInt({ min: 0n, max: 1000n }),
  fromDecimals: decimals,
  toDecimals: decimals,
  units: fc.bigInt({ min: 1n, max: 10n ** 20n }),
});

describe("a trade's figures", () => {
  it("round each amount once, toward the house, by less than one minor unit", () => {
    fc.assert(
      fc.property(input, ({ kind, side, coin, other, spread, feeBps, minFeeUnits, fromDecimals, toDecimals, units }) => {
        const { rate } = houseRate(kind, spread, kind === "convert" ? { from: coin, to: other } : { coin });
        const f = figure({ side, units, fromDecimals, toDecimals, rate, feeBps, minFeeUnits });
        const pay = (n: bigint) => mul(of(n, fromDecimals), rate.n);
        const gross = (n: bigint) => mul(of(n, toDecimals), rate.d);
        expect(f.receiveUnits).toBe(f.grossUnits - f.feeUnits);
        // The user never receives more than the exact value of what they pay (gross before the fee).
        expect(le(gross(f.grossUnits), pay(f.payUnits))).toBe(true);
        if (side === "from") {
          expect(f.payUnits).toBe(units);
          // gross = ⌊pay·N/D⌋: the exact value lies in [gross, gross + 1 unit).
          expect(lt(pay(f.payUnits), gross(f.grossUnits + 1n))).toBe(true);
          // fee = ⌈gross·bps⌉ unless the minimum is more.
          expect(f.feeUnits * 10_000n >= f.grossUnits * BigInt(feeBps)).toBe(true);
          if (f.feeUnits > minFeeUnits) expect((f.feeUnits - 1n) * 10_000n < f.grossUnits * BigInt(feeBps)).toBe(true);
        } else {
          expect(f.receiveUnits).toBe(units);
          // fee/(receive + fee) ≥ bps, by the smallest whole fee unless the minimum is more.
          const keep = BigInt(10_000 - feeBps);
          expect(f.feeUnits * keep >= units * BigInt(feeBps)).toBe(true);
          if (f.feeUnits > minFeeUnits) expect((f.feeUnits - 1n) * keep < units * BigInt(feeBps)).toBe(true);
          // pay = ⌈gross·D/N⌉: one unit less would not cover the gross.
          expect(lt(pay(f.payUnits - 1n), gross(f.grossUnits))).toBe(true);
        }
        expect(f.feeUnits >= minFeeUnits).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("price a sell at the bid and a buy at the ask, exactly", () => {
    const mid = decimalOf(5_000_000n, 2); // 50,000.00
    expect(compare(houseRate("sell", 25, { coin: mid }).price, "49875")).toBe(0);
    expect(compare(houseRate("buy", 25, { coin: mid }).price, "50125")).toBe(0);
    expect(compare(houseRate("convert", 25, { from: int(2500), to: int(50_000) }).price, "0.049875")).toBe(0);
  });
});
