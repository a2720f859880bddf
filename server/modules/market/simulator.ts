// The embedded price source: a deterministic market. Each asset's log price is a mean-reverting
// (Ornstein–Uhlenbeck) walk in 5-minute steps with its own volatility plus a shared market factor,
// so assets move together as real ones do; stablecoins stay within a twentieth of a cent of 1 USD.
// The noise of every step is a hash of (seed, asset, step): prices are a pure function of the seed
// and the time, the same across restarts. History is computed from a fixed start, so charts are
// full on a fresh start; between two steps the live price follows a Brownian bridge.
import type { PriceRange } from "../../../contract/index.ts";
import { createFxWalk } from "./simulator-fx.ts";
import { RANGES, type FxDay, type PriceSource, type SourcePoint, type SourceSnapshot, type SourceTicker } from "./source.ts";

export interface SimulatedAsset {
  symbol: string;
  /** USD price the walk reverts to. */
  price: number;
  /** Annualised volatility of its log price (0.6 = 60 %). */
  volatility: number;
  /** How much it moves with the market factor. */
  beta: number;
  /** Typical traded value over 24 hours, USD. */
  volume: number;
  stablecoin?: boolean;
}

/** Well-known assets near their late-2025 levels. */
export const SIMULATED_ASSETS: readonly SimulatedAsset[] = [
  { symbol: "BTC", price: 95_000, volatility: 0.5, beta: 1, volume: 30e9 },
  { symbol: "ETH", price: 3_200, volatility: 0.65, beta: 1.15, volume: 15e9 },
  { symbol: "USDT", price: 1, volatility: 0, beta: 0, volume: 60e9, stablecoin: true },
  { symbol: "XRP", price: 2.2, volatility: 0.8, beta: 1.1, volume: 3e9 },
  { symbol: "BNB", price: 900, volatility: 0.5, beta: 0.9, volume: 1.5e9 },
  { symbol: "SOL", price: 180, volatility: 0.8, beta: 1.3, volume: 4e9 },
  { symbol: "USDC", price: 1, volatility: 0, beta: 0, volume: 8e9, stablecoin: true },
  { symbol: "DOGE", price: 0.18, volatility: 0.9, beta: 1.3, volume: 1.8e9 },
  { symbol: "ADA", price: 0.65, volatility: 0.8, beta: 1.2, volume: 0.8e9 },
  { symbol: "TRX", price: 0.29, volatility: 0.5, beta: 0.7, volume: 0.6e9 },
  { symbol: "TON", price: 2.9, volatility: 0.75, beta: 0.9, volume: 0.3e9 },
  { symbol: "AVAX", price: 22, volatility: 0.85, beta: 1.3, volume: 0.5e9 },
  { symbol: "LINK", price: 16, volatility: 0.8, beta: 1.2, volume: 0.6e9 },
  { symbol: "SHIB", price: 0.0000125, volatility: 0.9, beta: 1.3, volume: 0.3e9 },
  { symbol: "DOT", price: 3.5, volatility: 0.8, beta: 1.2, volume: 0.3e9 },
  { symbol: "LTC", price: 95, volatility: 0.7, beta: 1, volume: 0.6e9 },
  { symbol: "POL", price: 0.2, volatility: 0.9, beta: 1.3, volume: 0.2e9 },
];

const STEP = 300;
const STEPS_PER_DAY = 86_400 / STEP;
const STEPS_PER_YEAR = 365 * STEPS_PER_DAY;
/** 5-minute closes kept for the 1D, 1W and 1M charts and the 24-hour figures. */
const FINE = 30 * STEPS_PER_DAY;
/** The walk starts here (or 400 days before the first time asked, if that is earlier). */
const FIXED_EPOCH = Date.UTC(2025, 0, 1) / 1000;
const HISTORY_DAYS = 400;
/** Market factor's annualised volatility; an asset's own noise makes up the rest of its volatility. */
const MARKET_VOLATILITY = 0.45;
/** Half-life of a deviation from the mean: 30 days (prices stay within about ±15 % of it, one standard deviation). */
const THETA = Math.LN2 / (30 * STEPS_PER_DAY);
const BRIDGE_SUBSTEPS = 150;

/** A 32-bit hash of four integers (a variant of murmur3's finalizer). */
function hash(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ Math.imul(c + 0x165667b1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ Math.imul(d + 0x61c88647, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}
const uniform = (seed: number, stream: number, k: number, j: number) => (hash(seed, stream, k, j) + 0.5) / 4_294_967_296;
/** A standard normal draw for (seed, stream, step, sub-step), by Box–Muller. */
export function normal(seed: number, stream: number, k: number, j = 0): number {
  const u = uniform(seed, stream, k, 2 * j);
  const v = uniform(seed, stream, k, 2 * j + 1);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

interface AssetState {
  spec: SimulatedAsset;
  stream: number;
  mean: number;
  marketSigma: number;
  ownSigma: number;
  /** Log price at the last computed step. */
  x: number;
  /** 5-minute closes (log), a ring of FINE, written at step k into k % FINE. */
  fine: Float64Array;
  /** Daily closes (log) from the start, at steps that are multiples of a day. */
  daily: number[];
}

export function createSimulator({
  seed,
  assets = SIMULATED_ASSETS,
  fx = {},
}: {
  seed: number;
  assets?: readonly SimulatedAsset[];
  /** Floating quote currencies (units per USD their walk reverts to); each moves once a day, at 00:00 UTC. Others come from the rate table. */
  fx?: Readonly<Record<string, number>>;
}): PriceSource & {
  /** The USD price of a symbol at a time (for tests). */
  priceAt(symbol: string, now: Date): number | null;
} {
  let epoch = 0;
  let k = -1;
  let states: AssetState[] = [];
  const bySymbol = new Map<string, AssetState>();

  const stepSigma = (annual: number) => annual * Math.sqrt(1 / STEPS_PER_YEAR);

  function reset(nowSeconds: number) {
    epoch = Math.min(FIXED_EPOCH, Math.floor(nowSeconds / 86_400 - HISTORY_DAYS) * 86_400);
    k = 0;
    bySymbol.clear();
    fxWalk.clear();
    states = assets.map((spec, index) => {
      const marketPart = spec.beta * MARKET_VOLATILITY;
      const state: AssetState = {
        spec,
        stream: index + 1,
        mean: Math.log(spec.price),
        marketSigma: stepSigma(marketPart),
        ownSigma: stepSigma(Math.sqrt(Math.max(0, spec.volatility ** 2 - marketPart ** 2))),
        x: Math.log(spec.price),
        fine: new Float64Array(FINE),
        daily: [Math.log(spec.price)],
      };
      state.fine[0] = state.x;
      bySymbol.set(spec.symbol, state);
      return state;
    });
  }

  /** Log price at step k+1 from step k's. */
  const next = (state: AssetState, step: number, market: number) =>
    state.spec.stablecoin ? 0 : state.x + THETA * (state.mean - state.x) + state.marketSigma * market + state.ownSigma * normal(seed, state.stream, step);

  function advanceTo(target: number) {
    while (k < target) {
      const market = normal(seed, 0, k);
      k += 1;
      for (const state of states) {
        state.x = next(state, k - 1, market);
        state.fine[k % FINE] = state.x;
        if (k % STEPS_PER_DAY === 0) state.daily.push(state.x);
      }
    }
  }

  function ensure(now: Date): number {
    const seconds = now.getTime() / 1000;
    if (k < 0 || seconds < epoch + k * STEP) reset(seconds);
    advanceTo(Math.floor((seconds - epoch) / STEP));
    return seconds;
  }

  const fxWalk = createFxWalk(seed, fx, normal);

  const stable = (state: AssetState, step: number, sub: number) => 1 + 0.0004 * Math.tanh(normal(seed, state.stream, step, sub));

  /** Live price: a Brownian bridge from step k's close to step k+1's. */
  function live(state: AssetState, seconds: number): number {
    const into = seconds - (epoch + k * STEP);
    const sub = Math.floor((into / STEP) * BRIDGE_SUBSTEPS);
    if (state.spec.stablecoin) return stable(state, k, sub);
    const target = next(state, k, normal(seed, 0, k));
    let walk = 0;
    let end = 0;
    const sigma = (state.ownSigma + state.marketSigma) / Math.sqrt(BRIDGE_SUBSTEPS);
    for (let j = 1; j <= BRIDGE_SUBSTEPS; j++) {
      end += sigma * normal(seed, state.stream + 1000, k, j);
      if (j === sub) walk = end;
    }
    const f = sub / BRIDGE_SUBSTEPS;
    return Math.exp(state.x + f * (target - state.x) + walk - f * end);
  }

  const closeAt = (state: AssetState, step: number) => (state.spec.stablecoin ? stable(state, step, 0) : Math.exp(state.fine[step % FINE]!));

  function ticker(state: AssetState, seconds: number): SourceTicker {
    const price = live(state, seconds);
    let high = price;
    let low = price;
    for (let step = Math.max(0, k - STEPS_PER_DAY); step <= k; step++) {
      const close = closeAt(state, step);
      if (close > high) high = close;
      if (close < low) low = close;
    }
    const open24h = closeAt(state, Math.max(0, k - STEPS_PER_DAY));
    const day = Math.floor(k / STEPS_PER_DAY);
    const volume24h = state.spec.volume * Math.exp(0.25 * normal(seed, state.stream + 2000, day)) * (1 + 3 * Math.abs(price / open24h - 1));
    return { price, open24h, high24h: high, low24h: low, volume24h };
  }

  return {
    kind: "simulator",
    async snapshot(now) {
      const seconds = ensure(now);
      const tickers = new Map<string, SourceTicker>();
      for (const state of states) tickers.set(state.spec.symbol, ticker(state, seconds));
      return { at: now, tickers, perUsd: fxWalk.on(Math.floor(k / STEPS_PER_DAY)) } satisfies SourceSnapshot;
    },
    async history(symbol: string, range: PriceRange, now: Date): Promise<SourcePoint[]> {
      const seconds = ensure(now);
      const state = bySymbol.get(symbol);
      if (!state) return [];
      const { span, step } = RANGES[range];
      const points: SourcePoint[] = [];
      if (range === "1Y") {
        const lastDay = Math.floor(k / STEPS_PER_DAY);
        for (let day = Math.max(0, lastDay - span / 86_400 + 1); day <= lastDay; day++) {
          const p = state.spec.stablecoin ? stable(state, day * STEPS_PER_DAY, 0) : Math.exp(state.daily[day]!);
          points.push({ t: epoch + day * 86_400, p });
        }
      } else {
        const every = step / STEP;
        const last = k - (k % every);
        for (let s = Math.max(0, last - span / STEP + every); s <= last; s += every) points.push({ t: epoch + s * STEP, p: closeAt(state, s) });
      }
      points.push({ t: Math.floor(seconds), p: live(state, seconds) });
      return points;
    },
    async fxHistory(days, now) {
      ensure(now);
      const today = Math.floor(k / STEPS_PER_DAY);
      const rows: FxDay[] = [];
      for (let day = Math.max(0, today - days); day < today; day++)
        rows.push({ day: new Date((epoch + day * 86_400) * 1000).toISOString().slice(0, 10), perUsd: fxWalk.on(day) });
      return rows;
    },
    priceAt(symbol, now) {
      const seconds = ensure(now);
      const state = bySymbol.get(symbol);
      return state ? live(state, seconds) : null;
    },
  };
}
