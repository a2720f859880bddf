import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createBinanceSource, type FetchLike } from "../../../server/modules/market/binance.ts";
import { SIMULATED_ASSETS } from "../../../server/modules/market/simulator.ts";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const symbols = SIMULATED_ASSETS.map((asset) => asset.symbol);
const NOW = new Date("2026-11-23T12:00:00Z");

/** Binance at the edge: each answer a status and a body, and every URL asked. */
function binance(answer: (url: URL) => { status: number; body: string } | Error) {
  const asked: URL[] = [];
  const fetch: FetchLike = async (url) => {
    asked.push(new URL(url));
    const result = answer(new URL(url));
    if (result instanceof Error) throw result;
    return { ok: result.status >= 200 && result.status < 300, status: result.status, text: async () => result.body };
  };
  return { source: createBinanceSource({ baseUrl: "https://api.binance.test", symbols, fetch }), asked };
}

describe("the Binance adapter", () => {
  it("reads 24-hour tickers of the USDT pairs as USD, USDT as 1, and EUR from EURUSDT", async () => {
    const { source, asked } = binance(() => ({ status: 200, body: fixture("binance-ticker-24hr.json") }));
    const snapshot = await source.snapshot(NOW);
    expect(asked[0]!.pathname).toBe("/api/v3/ticker/24hr");
    const pairs = JSON.parse(asked[0]!.searchParams.get("symbols")!) as string[];
    expect(pairs).toContain("BTCUSDT");
    expect(pairs).toContain("EURUSDT");
    expect(pairs).not.toContain("USDTUSDT");
    expect(snapshot.tickers.get("BTC")).toMatchObject({ price: 97123.45 });
    expect(snapshot.tickers.get("SHIB")!.price).toBeCloseTo(0.00001251, 10);
    expect(snapshot.tickers.get("USDT")).toEqual({ price: 1, open24h: 1, high24h: 1, low24h: 1, volume24h: 0 });
    expect(snapshot.perUsd.EUR).toBeCloseTo(1 / 1.0869, 8);
    expect(snapshot.tickers.size).toBe(symbols.length);
  });

  it("reads klines as each candle's close at its open time, and keeps them a minute", async () => {
    const { source, asked } = binance(() => ({ status: 200, body: fixture("binance-klines-BTCUSDT-5m.json") }));
    const points = await source.history("BTC", "1D", NOW);
    expect(asked[0]!.search).toBe("?symbol=BTCUSDT&interval=5m&limit=288");
    expect(points).toHaveLength(288);
    expect(points[1]!.t - points[0]!.t).toBe(300);
    expect(typeof points[0]!.p).toBe("number");
    await source.history("BTC", "1D", new Date(NOW.getTime() + 30_000));
    expect(asked).toHaveLength(1);
    await source.history("BTC", "1D", new Date(NOW.getTime() + 61_000));
    expect(asked).toHaveLength(2);
  });

  it.each([
    ["an unknown symbol (400, code -1121)", { status: 400, body: fixture("binance-error-invalid-symbol.json") }, /400 \(code -1121\)/],
    ["a rate limit (429, code -1003)", { status: 429, body: fixture("binance-error-rate-limit.json") }, /429 \(code -1003\)/],
    ["a ban (418)", { status: 418, body: '{"code":-1003,"msg":"Way too much request weight used; IP banned until 1763899260000."}' }, /418/],
    ["a server error with an HTML page", { status: 502, body: "<html>Bad gateway</html>" }, /502 with a body that is not JSON/],
    ["an answer that is not a list", { status: 200, body: '{"symbol":"BTCUSDT"}' }, /not a list/],
    [
      "a price that is not a number",
      { status: 200, body: '[{"symbol":"BTCUSDT","lastPrice":"abc","openPrice":"1","highPrice":"1","lowPrice":"1","quoteVolume":"1"}]' },
      /not a positive number/,
    ],
    ["no network", new TypeError("fetch failed"), /unreachable/],
  ] as const)("refuses %s with an error that names the status, never the body", async (_what, answer, message) => {
    const { source } = binance(() => answer);
    const failure = await source.snapshot(NOW).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(message);
    expect((failure as Error).message).not.toContain("request weight");
  });

  it("refuses a snapshot that has none of the listed pairs", async () => {
    const { source } = binance(() => ({ status: 200, body: "[]" }));
    await expect(source.snapshot(NOW)).rejects.toThrow(/none of the listed pairs/);
  });
});
