// The cost-basis rules on hand-worked histories (each figure worked out by hand in the comment
// beside it), under both methods, and the identity realised + unrealised = proceeds − purchases +
// current value − fees on random histories.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { add, decimal, decimalOf, mul, round, sub, toPlain, type Decimal } from "../../../contract/decimal.ts";
import type { CostMethod } from "../../../contract/portfolioVocabulary.ts";
import { convertEvents, costBasis, unrealised, type CostEvent } from "../../../server/modules/portfolio/cost-basis.ts";

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
let seq = 0;
const buy = (asset: string, amount: string, value: string | null, fee = "0"): CostEvent => ({
  kind: "acquire",
  id: `e${++seq}`,
  at: at(seq),
  asset,
  amount: decimal(amount),
  value: value === null ? null : decimal(value),
  fee: decimal(fee),
});
const sell = (asset: string, amount: string, value: string, fee = "0"): CostEvent => ({
  kind: "dispose",
  id: `e${++seq}`,
  at: at(seq),
  asset,
  amount: decimal(amount),
  value: decimal(value),
  fee: decimal(fee),
});
const convert = (give: [string, string], get: [string, string], value: string, fee = "0") =>
  convertEvents(`e${++seq}`, at(seq), { asset: give[0], amount: decimal(give[1]) }, { asset: get[0], amount: decimal(get[1]) }, decimal(value), decimal(fee));

const text = (d: Decimal | null) => (d === null ? null : toPlain(d, { places: 2 }));

/** Per asset: amount, basis, realised and unrealised at `prices`, as the page shows them. */
function figures(events: CostEvent[], method: CostMethod, prices: Record<string, string>) {
  const { positions } = costBasis(events, method, 2);
  return Object.fromEntries(
    [...positions.values()].map((p) => {
      const value = round(mul(p.amount, decimal(prices[p.asset] ?? "0")), 2, "halfUp");
      return [p.asset, { amount: toPlain(p.amount, { trim: true }), basis: text(p.basis), realised: text(p.realised), unrealised: text(unrealised(p, value)) }];
    }),
  );
}

describe("cost basis on hand-worked histories", () => {
  it("several buys at different prices, a partial sell, fees in basis and out of proceeds", () => {
    // Buy 1 BTC for 100 + fee 1 (basis 101), 1 BTC for 200 + fee 2 (basis 202); sell 1.5 for 450, fee 4.50 (proceeds 445.50). Price now 400.
    const events = [buy("BTC", "1", "100", "1"), buy("BTC", "1", "200", "2"), sell("BTC", "1.5", "450", "4.50")];
    // FIFO: 101 + half of 202 = 202 consumed → 243.50 realised; 0.5 left at 101, worth 200 → 99.
    expect(figures(events, "fifo", { BTC: "400" })).toEqual({ BTC: { amount: "0.5", basis: "101.00", realised: "243.50", unrealised: "99.00" } });
    // Average: 303 × 1.5 / 2 = 227.25 consumed → 218.25; 0.5 left at 75.75 → 124.25.
    expect(figures(events, "average", { BTC: "400" })).toEqual({ BTC: { amount: "0.5", basis: "75.75", realised: "218.25", unrealised: "124.25" } });
  });

  it("a convert realises the coin given at its value then; the coin received starts at that value with the fee", () => {
    // 2 ETH for 3000; 1 ETH → 0.05 BTC at fair value 1800, fee worth 18 (taken in BTC). Now ETH 1700, BTC 40000.
    const events = [buy("ETH", "2", "3000"), ...convert(["ETH", "1"], ["BTC", "0.05"], "1800", "18")];
    for (const method of ["fifo", "average"] as const) {
      expect(figures(events, method, { ETH: "1700", BTC: "40000" })).toEqual({
        // ETH: 1800 − 1500 = 300 realised; 1 left at 1500, worth 1700.
        ETH: { amount: "1", basis: "1500.00", realised: "300.00", unrealised: "200.00" },
        // BTC: 1782 + 18 = 1800 basis, worth 2000.
        BTC: { amount: "0.05", basis: "1800.00", realised: "0.00", unrealised: "200.00" },
      });
    }
  });

  it("a sell of everything leaves nothing held and no basis", () => {
    // 3 SOL for 30 + 0.30, 1 SOL for 16 + 0.16 (46.46); all 4 sold for 80 − 0.80 = 79.20 → 32.74 by either method.
    const events = [buy("SOL", "3", "30", "0.30"), buy("SOL", "1", "16", "0.16"), sell("SOL", "4", "80", "0.80")];
    for (const method of ["fifo", "average"] as const) {
      expect(figures(events, method, { SOL: "25" })).toEqual({ SOL: { amount: "0", basis: "0.00", realised: "32.74", unrealised: "0.00" } });
    }
  });

  it("a coin bought by card and by cash, then partly sold", () => {
    // Card: 0.01 BTC, paid 500 of which the fee is worth 5 (basis 500). Cash: 0.01 BTC for 520 + 5.20 (525.20).
    // Sell 0.015 for 900 − 9 = 891. Now 60000 (0.005 worth 300).
    const events = [buy("BTC", "0.01", "495", "5"), buy("BTC", "0.01", "520", "5.20"), sell("BTC", "0.015", "900", "9")];
    // FIFO: 500 + 262.60 = 762.60 → 128.40; 262.60 left → 37.40.
    expect(figures(events, "fifo", { BTC: "60000" })).toEqual({ BTC: { amount: "0.005", basis: "262.60", realised: "128.40", unrealised: "37.40" } });
    // Average: 1025.20 × 0.75 = 768.90 → 122.10; 256.30 left → 43.70.
    expect(figures(events, "average", { BTC: "60000" })).toEqual({ BTC: { amount: "0.005", basis: "256.30", realised: "122.10", unrealised: "43.70" } });
  });

  it("Ghostfolio's average price after a partial sell: buy 10@100, sell 4@120, buy 6@200, sell 4@220, price 87.8 → net −137.60", () => {
    const events = [buy("X", "10", "1000"), sell("X", "4", "480"), buy("X", "6", "1200"), sell("X", "4", "880")];
    // Average: after the first sell 6 at 600, then 12 at 1800 (150 each), the second sell takes 600 → 80 + 280 = 360;
    // 8 left at 1200 (average price 150), worth 702.40 → −497.60. Net 360 − 497.60 = −137.60, Ghostfolio's figure.
    expect(figures(events, "average", { X: "87.8" })).toEqual({ X: { amount: "8", basis: "1200.00", realised: "360.00", unrealised: "-497.60" } });
    // FIFO: 80 + (880 − 400) = 560; 2 at 100 and 6 at 200 left (1400) → −697.60. Net the same −137.60.
    expect(figures(events, "fifo", { X: "87.8" })).toEqual({ X: { amount: "8", basis: "1400.00", realised: "560.00", unrealised: "-697.60" } });
  });

  it("a history whose FIFO gain is 559.70 and average-cost gain 551.26 (built here, as Rotki's figures)", () => {
    // 1 ETH for 99 + 1 (100), 1 ETH for 115.88 + 1 (116.88), 1 ETH sold for 661.70 − 2 = 659.70. Now 600.
    const events = [buy("ETH", "1", "99", "1"), buy("ETH", "1", "115.88", "1"), sell("ETH", "1", "661.70", "2")];
    // FIFO takes the 100 lot: 559.70; the 116.88 lot stays → 483.12.
    expect(figures(events, "fifo", { ETH: "600" })).toEqual({ ETH: { amount: "1", basis: "116.88", realised: "559.70", unrealised: "483.12" } });
    // Average 216.88 / 2 = 108.44: 551.26; 108.44 stays → 491.56.
    expect(figures(events, "average", { ETH: "600" })).toEqual({ ETH: { amount: "1", basis: "108.44", realised: "551.26", unrealised: "491.56" } });
  });

  it("flags a sale with no known cost basis instead of showing it as profit", () => {
    // Amounts carry the asset's places (here 2): the unknown share leaves the pool to those places.
    const events = [buy("BTC", "1.00", null), buy("BTC", "1.00", "100"), sell("BTC", "1.50", "300")];
    for (const method of ["fifo", "average"] as const) {
      const { disposals, positions } = costBasis(events, method, 2);
      expect(disposals[0]!.realised).toBeNull();
      expect(positions.get("BTC")!.flagged).toBe(1);
      expect(toPlain(positions.get("BTC")!.realised, { places: 2 })).toBe("0.00");
    }
    // FIFO took the unknown lot whole and half the known one; 0.5 known left, so its unrealised is known.
    const fifo = costBasis(events, "fifo", 2).positions.get("BTC")!;
    expect([toPlain(fifo.unknownAmount, { trim: true }), text(unrealised(fifo, decimal("100")))]).toEqual(["0", "50.00"]);
    // Average keeps the unknown share in the pool: what is left is still partly unknown.
    const average = costBasis(events, "average", 2).positions.get("BTC")!;
    expect([toPlain(average.unknownAmount, { trim: true }), unrealised(average, decimal("100"))]).toEqual(["0.25", null]);
  });

  it("charges parts of a lot to the cent, half to even, and the last part takes the rest exactly", () => {
    const events = [buy("X", "3", "10"), sell("X", "1", "5"), sell("X", "1", "5"), sell("X", "1", "5")];
    for (const method of ["fifo", "average"] as const) {
      // 10 × 1/3 = 3.333… → 3.33; 6.67 × 1/2 = 3.335 → 3.34 (even); 3.33 left. 3.33 + 3.34 + 3.33 = 10.00.
      expect(costBasis(events, method, 2).disposals.map((d) => text(d.basis))).toEqual(["3.33", "3.34", "3.33"]);
    }
  });
});

describe("the identity on random histories", () => {
  const cents = fc.bigInt({ min: 1n, max: 10_000_000n }).map((units) => decimalOf(units, 2));
  const step = fc.record({
    kind: fc.constantFrom("buy", "sell", "convert"),
    asset: fc.constantFrom("BTC", "ETH", "SOL"),
    to: fc.constantFrom("BTC", "ETH", "SOL"),
    amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
    share: fc.integer({ min: 1, max: 100 }),
    value: cents,
    fee: fc.bigInt({ min: 0n, max: 500n }),
  });
  const history = fc.record({ steps: fc.array(step, { maxLength: 40 }), prices: fc.tuple(cents, cents, cents) });

  it("realised + unrealised = proceeds − purchases + current value − fees, and basis in = basis out + basis left", () => {
    fc.assert(
      fc.property(history, ({ steps, prices }) => {
        const held = new Map<string, bigint>();
        const events: CostEvent[] = [];
        steps.forEach((s, i) => {
          const amount = decimalOf(s.amount, 8);
          const fee = round(mul(s.value, decimalOf(s.fee, 4)), 2, "halfUp");
          const have = held.get(s.asset) ?? 0n;
          const part = (have * BigInt(s.share)) / 100n;
          if (s.kind === "buy" || part === 0n) {
            events.push({ kind: "acquire", id: `b${i}`, at: at(i), asset: s.asset, amount, value: s.value, fee });
            held.set(s.asset, have + s.amount);
          } else if (s.kind === "sell" || s.to === s.asset) {
            events.push({
              kind: "dispose",
              id: `s${i}`,
              at: at(i),
              asset: s.asset,
              amount: decimalOf(part, 8),
              value: s.value,
              fee: fee.units > s.value.units ? s.value : fee,
            });
            held.set(s.asset, have - part);
          } else {
            events.push(
              ...convertEvents(
                `c${i}`,
                at(i),
                { asset: s.asset, amount: decimalOf(part, 8) },
                { asset: s.to, amount },
                s.value,
                fee.units > s.value.units ? s.value : fee,
              ),
            );
            held.set(s.asset, have - part);
            held.set(s.to, (held.get(s.to) ?? 0n) + s.amount);
          }
        });
        const price: Record<string, Decimal> = { BTC: prices[0], ETH: prices[1], SOL: prices[2] };
        for (const method of ["fifo", "average"] as const) {
          const { positions } = costBasis(events, method, 2);
          let left = decimalOf(0n, 2);
          let right = decimalOf(0n, 2);
          for (const p of positions.values()) {
            const value = round(mul(p.amount, price[p.asset]!), 2, "halfUp");
            left = add(left, add(p.realised, unrealised(p, value)!));
            right = add(right, sub(add(sub(p.proceeds, p.purchases), value), p.fees));
            expect(p.amount.units * 10n ** BigInt(8 - p.amount.scale)).toBe(held.get(p.asset));
          }
          expect(toPlain(left, { places: 2 })).toBe(toPlain(right, { places: 2 }));
        }
      }),
      { numRuns: 300, seed: 26 },
    );
  });
});
