// What a coin was worth at a moment, in a quote currency: for a convert (the coin given up is
// valued at its fair value then), for coins that came without a price, and for the value over time.
// From the price service's history, the finest range that still reaches back to the moment (1D
// every 5 minutes … 1Y daily), the last point at or before it. Older than a year: not known.
//
// Quote currencies convert at the rate of the moment's UTC day (the market's FX history: that
// day's close as the price service saw it); today's moments, and what is held now, at the live rate.
import { PRICE_RANGES, QUOTE_CURRENCIES, type PriceRange, type QuoteCurrency } from "../../../contract/index.ts";
import { decimal, div, mul, round, toPlain, type Decimal } from "../../../contract/decimal.ts";
import { priceString, RANGES, type FxHistory, type PriceService, type SourcePoint } from "../market/index.ts";

/** A chart range read again after this long (the source's history moves on by then). */
const HISTORY_TTL_MS = 60_000;

export interface PriceHistoryCache {
  points(symbol: string, range: PriceRange): Promise<SourcePoint[]>;
}

/** One per server: history of each asset and range, kept a minute (a portfolio page asks for several). */
export function createPriceHistoryCache(prices: Pick<PriceService, "history">, now: () => Date): PriceHistoryCache {
  const kept = new Map<string, { at: number; points: Promise<SourcePoint[]> }>();
  return {
    points(symbol, range) {
      const key = `${symbol}:${range}`;
      const at = now().getTime();
      const found = kept.get(key);
      if (found && at - found.at < HISTORY_TTL_MS) return found.points;
      const points = prices.history(symbol, range).catch(() => [] as SourcePoint[]);
      kept.set(key, { at, points });
      return points;
    },
  };
}

export interface Valuer {
  currency: QuoteCurrency;
  /** Units of the report currency per unit of a quote currency, today. */
  rate(from: QuoteCurrency): Decimal | null;
  /** The same on the UTC day of a moment (today's: the live rate). */
  rateAt(from: QuoteCurrency, at: Date): Decimal | null;
  /** A coin's price in the report currency at a moment (at the rate of `rateAt`'s day, `at`'s unless given), or null when not known. */
  priceAt(symbol: string, at: Date, rateAt?: Date): Promise<Decimal | null>;
  /** What an amount was worth at a moment, to the report currency's minor unit (half up), or null. */
  valueAt(asset: string, amount: Decimal, at: Date): Promise<Decimal | null>;
}

export interface ValuerDeps {
  prices: Pick<PriceService, "latest" | "perUsd">;
  fx: Pick<FxHistory, "days">;
  history: PriceHistoryCache;
  now: () => Date;
  /** The report currency's minor unit. */
  places: number;
}

export const isQuoteCurrency = (asset: string): asset is QuoteCurrency => (QUOTE_CURRENCIES as readonly string[]).includes(asset);

export async function createValuer({ prices, fx, history, now, places }: ValuerDeps, currency: QuoteCurrency): Promise<Valuer> {
  // The first snapshot records its day's rates (and, on a first start, the days before): then read them.
  const snapshot = await prices.latest();
  const days = await fx.days();
  const today = now().toISOString().slice(0, 10);
  const live = (c: QuoteCurrency) => (snapshot ? prices.perUsd(snapshot, c) : c === "USD" ? 1 : NaN);
  /** Units of a currency per USD on a moment's day: the recorded close, else (today, or nothing recorded) the live rate. */
  const perUsd = (c: QuoteCurrency, at: Date | null) => {
    const rate = at && at.toISOString().slice(0, 10) < today ? (days.perUsdOn(c, at) ?? live(c)) : live(c);
    return rate > 0 ? decimal(rate.toFixed(6)) : null;
  };
  const rateAt = (from: QuoteCurrency, at: Date | null) => {
    if (from === currency) return decimal("1");
    const [source, target] = [perUsd(from, at), perUsd(currency, at)];
    return source && target ? div(target, source, 12, "halfEven") : null;
  };
  async function priceAt(symbol: string, at: Date, rateDay = at): Promise<Decimal | null> {
    if (isQuoteCurrency(symbol)) return rateAt(symbol, rateDay);
    const age = (now().getTime() - at.getTime()) / 1000;
    const range = PRICE_RANGES.find((r) => RANGES[r].span >= age);
    const target = perUsd(currency, rateDay);
    if (!range || !target) return null;
    const points = await history.points(symbol, range);
    const second = at.getTime() / 1000;
    let point: SourcePoint | undefined = points[0];
    for (const p of points) if (p.t <= second) point = p;
    return point && point.p > 0 ? decimal(priceString(point.p * Number(toPlain(target)))) : null;
  }
  return {
    currency,
    rate: (from) => rateAt(from, null),
    rateAt,
    priceAt,
    async valueAt(asset, amount, at) {
      const price = await priceAt(asset, at);
      return price && round(mul(amount, price), places, "halfUp");
    },
  };
}
