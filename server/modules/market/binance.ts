// Binance's public market data (no key): 24-hour tickers and klines over REST. USDT pairs stand in
// for USD (the UI says so), USDT itself is 1, and EUR comes from the EURUSDT pair. Documented shapes:
// https://developers.binance.com/docs/binance-spot-api-docs/rest-api/market-data-endpoints
import type { PriceRange } from "../../../contract/index.ts";
import { RANGES, SourceError, type PriceSource, type SourcePoint, type SourceTicker } from "./source.ts";

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** How Binance names a symbol's USDT pair; USD stablecoins quote against USDT too. */
const pairOf = (symbol: string) => `${symbol}USDT`;
const INTERVAL: Record<PriceRange, { interval: string; limit: number }> = {
  "1D": { interval: "5m", limit: 288 },
  "1W": { interval: "1h", limit: 168 },
  "1M": { interval: "4h", limit: 180 },
  "1Y": { interval: "1d", limit: 365 },
};
const TIMEOUT_MS = 5_000;
/** History changes slowly: a range is asked again after this long. */
const HISTORY_TTL_MS = 60_000;

interface Ticker24h {
  symbol: string;
  lastPrice: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  quoteVolume: string;
}

const positive = (text: unknown): number => {
  const value = typeof text === "string" ? Number(text) : NaN;
  if (!Number.isFinite(value) || value <= 0) throw new SourceError("binance answered a price that is not a positive number");
  return value;
};

export function createBinanceSource({
  baseUrl,
  symbols,
  fetch: fetchFn = fetch as unknown as FetchLike,
}: {
  baseUrl: string;
  symbols: readonly string[];
  fetch?: FetchLike;
}): PriceSource {
  const history = new Map<string, { at: number; points: SourcePoint[] }>();

  async function get(path: string): Promise<unknown> {
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await fetchFn(`${baseUrl}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new SourceError(`binance unreachable: ${error instanceof Error ? error.name : "error"}`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SourceError(`binance answered ${response.status} with a body that is not JSON`);
    }
    if (!response.ok) {
      // Errors are {"code": -1121, "msg": "Invalid symbol."}; 429 and 418 mean we are rate limited or banned.
      const code = typeof body === "object" && body !== null && "code" in body ? String((body as { code: unknown }).code) : "?";
      throw new SourceError(`binance answered ${response.status} (code ${code})`);
    }
    return body;
  }

  return {
    kind: "binance",
    async snapshot(now) {
      const pairs = [...symbols.filter((s) => s !== "USDT").map(pairOf), "EURUSDT"];
      const body = await get(`/api/v3/ticker/24hr?symbols=${encodeURIComponent(JSON.stringify(pairs))}`);
      if (!Array.isArray(body)) throw new SourceError("binance answered tickers that are not a list");
      const bySymbol = new Map<string, Ticker24h>((body as Ticker24h[]).filter((t) => typeof t?.symbol === "string").map((t) => [t.symbol, t]));
      const tickers = new Map<string, SourceTicker>();
      for (const symbol of symbols) {
        if (symbol === "USDT") {
          tickers.set(symbol, { price: 1, open24h: 1, high24h: 1, low24h: 1, volume24h: 0 });
          continue;
        }
        const t = bySymbol.get(pairOf(symbol));
        if (!t) continue;
        tickers.set(symbol, {
          price: positive(t.lastPrice),
          open24h: positive(t.openPrice),
          high24h: positive(t.highPrice),
          low24h: positive(t.lowPrice),
          volume24h: Number(t.quoteVolume) || 0,
        });
      }
      if (tickers.size <= 1) throw new SourceError("binance answered none of the listed pairs");
      const eur = bySymbol.get("EURUSDT");
      return { at: now, tickers, perUsd: eur ? { EUR: 1 / positive(eur.lastPrice) } : {} };
    },
    async history(symbol, range, now) {
      const key = `${symbol}:${range}`;
      const cached = history.get(key);
      if (cached && now.getTime() - cached.at < HISTORY_TTL_MS) return cached.points;
      if (symbol === "USDT") {
        const { span, step } = RANGES[range];
        const end = Math.floor(now.getTime() / 1000);
        return Array.from({ length: span / step + 1 }, (_, i) => ({ t: end - span + i * step, p: 1 }));
      }
      const { interval, limit } = INTERVAL[range];
      const body = await get(`/api/v3/klines?symbol=${pairOf(symbol)}&interval=${interval}&limit=${limit}`);
      if (!Array.isArray(body)) throw new SourceError("binance answered klines that are not a list");
      // [openTime, open, high, low, close, volume, closeTime, …]: each candle's close at its open time.
      const points = (body as unknown[][]).map((k) => ({ t: Math.floor(Number(k[0]) / 1000), p: positive(k[4]) }));
      history.set(key, { at: now.getTime(), points });
      return points;
    },
  };
}
