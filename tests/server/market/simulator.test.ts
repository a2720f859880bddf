import { describe, expect, it } from "vitest";
import { createSimulator, SIMULATED_ASSETS } from "../../../server/modules/market/simulator.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const at = (offsetSeconds: number) => new Date(NOW.getTime() + offsetSeconds * 1000);

describe("the price simulator", () => {
  it("is a pure function of the seed and the time: the same seed gives the same series, another seed another", async () => {
    const one = createSimulator({ seed: 7 });
    const again = createSimulator({ seed: 7 });
    const other = createSimulator({ seed: 8 });
    // Asked in a different order (the second starts later and goes back), the answers are the same.
    const times = [0, 2, 300, 86_400 * 3, 17];
    const a = times.map((s) => one.priceAt("ETH", at(s)));
    const b = [...times]
      .reverse()
      .map((s) => again.priceAt("ETH", at(s)))
      .reverse();
    expect(a).toEqual(b);
    expect(other.priceAt("ETH", at(0))).not.toBe(a[0]);
    expect((await one.history("BTC", "1M", NOW)).map((p) => p.p)).toEqual((await again.history("BTC", "1M", NOW)).map((p) => p.p));
  });

  it("moves between polls two seconds apart, and continues smoothly across a 5-minute step", () => {
    const sim = createSimulator({ seed: 1 });
    const prices = Array.from({ length: 400 }, (_, i) => sim.priceAt("BTC", at(i * 2))!);
    expect(new Set(prices).size).toBeGreaterThan(100);
    const jumps = prices.slice(1).map((p, i) => Math.abs(Math.log(p / prices[i]!)));
    // No 2-second move beyond 1 % for an asset of 50 % yearly volatility.
    expect(Math.max(...jumps)).toBeLessThan(0.01);
  });

  it("keeps stablecoins within a twentieth of a cent of 1 USD over a year", async () => {
    const sim = createSimulator({ seed: 3 });
    for (const symbol of ["USDT", "USDC"]) {
      const year = await sim.history(symbol, "1Y", NOW);
      const day = await sim.history(symbol, "1D", NOW);
      for (const { p } of [...year, ...day]) expect(Math.abs(p - 1)).toBeLessThanOrEqual(0.0005);
    }
  });

  it("gives every asset a realised volatility near its own, and a market factor that moves them together", async () => {
    const sim = createSimulator({ seed: 11 });
    const returns = new Map<string, number[]>();
    for (const asset of SIMULATED_ASSETS.filter((a) => !a.stablecoin)) {
      const month = await sim.history(asset.symbol, "1M", NOW);
      const closes = month.slice(0, -1).map((p) => Math.log(p.p));
      const r = closes.slice(1).map((c, i) => c - closes[i]!);
      returns.set(asset.symbol, r);
      const mean = r.reduce((s, x) => s + x, 0) / r.length;
      const variance = r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1);
      // 4-hour returns, annualised: within ±35 % of the configured volatility (180 samples).
      const annual = Math.sqrt(variance * 6 * 365);
      expect(annual, asset.symbol).toBeGreaterThan(asset.volatility * 0.65);
      expect(annual, asset.symbol).toBeLessThan(asset.volatility * 1.35);
    }
    const correlation = (x: number[], y: number[]) => {
      const mx = x.reduce((s, v) => s + v, 0) / x.length;
      const my = y.reduce((s, v) => s + v, 0) / y.length;
      const cov = x.reduce((s, v, i) => s + (v - mx) * (y[i]! - my), 0);
      return cov / Math.sqrt(x.reduce((s, v) => s + (v - mx) ** 2, 0) * y.reduce((s, v) => s + (v - my) ** 2, 0));
    };
    expect(correlation(returns.get("BTC")!, returns.get("ETH")!)).toBeGreaterThan(0.3);
  });

  it("never goes negative or leaves a sane band around its mean over two years", async () => {
    const sim = createSimulator({ seed: 5 });
    for (const asset of SIMULATED_ASSETS) {
      const year = await sim.history(asset.symbol, "1Y", new Date("2027-06-01T00:00:00Z"));
      for (const { p } of year) {
        expect(p).toBeGreaterThan(0);
        expect(Math.abs(Math.log(p / asset.price))).toBeLessThan(1.5);
      }
    }
  });

  it("fills every chart range at its resolution, the ranges agree, and each ends at the current price", async () => {
    const sim = createSimulator({ seed: 2 });
    const expected = { "1D": [289, 300], "1W": [169, 3_600], "1M": [181, 14_400], "1Y": [366, 86_400] } as const;
    const current = sim.priceAt("SOL", NOW);
    const ranges = new Map<string, { t: number; p: number }[]>();
    for (const [range, [count, step]] of Object.entries(expected)) {
      const points = await sim.history("SOL", range as keyof typeof expected, NOW);
      ranges.set(range, points);
      expect(points.length, range).toBe(count);
      expect(points.at(-1)).toEqual({ t: NOW.getTime() / 1000, p: current });
      expect(points[1]!.t - points[0]!.t, range).toBe(step);
    }
    // The hourly closes of 1W are 5-minute closes of 1D where they overlap.
    const day = new Map(ranges.get("1D")!.map((p) => [p.t, p.p]));
    const shared = ranges
      .get("1W")!
      .slice(0, -1)
      .filter((p) => day.has(p.t));
    expect(shared.length).toBeGreaterThan(20);
    for (const p of shared) expect(p.p).toBe(day.get(p.t));
  });

  it("answers 24-hour figures that hold together", async () => {
    const snapshot = await createSimulator({ seed: 9 }).snapshot(NOW);
    expect(snapshot.tickers.size).toBe(SIMULATED_ASSETS.length);
    for (const [symbol, t] of snapshot.tickers) {
      expect(t.low24h, symbol).toBeLessThanOrEqual(t.price);
      expect(t.high24h, symbol).toBeGreaterThanOrEqual(t.price);
      expect(t.low24h, symbol).toBeLessThanOrEqual(t.open24h);
      expect(t.high24h, symbol).toBeGreaterThanOrEqual(t.open24h);
      expect(t.volume24h, symbol).toBeGreaterThan(0);
    }
  });

  it("walks a floating currency's rate once a day, and its history agrees with what it showed live", async () => {
    const live = createSimulator({ seed: 4, fx: { EUR: 0.92 } });
    const days = [0, 1, 2, 3].map((d) => at(d * 86_400));
    const seen: number[] = [];
    for (const day of days) seen.push((await live.snapshot(day)).perUsd.EUR!);
    // The same all day; another day, another rate, near the mean.
    expect((await live.snapshot(at(3 * 86_400 + 3_600))).perUsd.EUR).toBe(seen[3]);
    expect(new Set(seen).size).toBe(4);
    for (const rate of seen) expect(Math.abs(Math.log(rate / 0.92))).toBeLessThan(0.2);
    // A fresh simulator asked the day after for its past gives the days' rates as they were shown (AED stays off: pegged).
    const past = await createSimulator({ seed: 4, fx: { EUR: 0.92 } }).fxHistory!(5, at(4 * 86_400));
    expect(past.slice(-4).map((d) => [d.day, d.perUsd.EUR])).toEqual(days.map((d, i) => [d.toISOString().slice(0, 10), seen[i]]));
    expect(past.every((d) => d.perUsd.AED === undefined)).toBe(true);
    // Without floating currencies nothing floats (the rate table's rates apply).
    expect((await createSimulator({ seed: 4 }).snapshot(NOW)).perUsd).toEqual({});
  });
});
