// The market calls over HTTP against the real database (PGlite, or PostgreSQL with DATABASE_URL),
// over a simulator the test can stop: the only fake is the source's reachability.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envWith } from "../../../server/env.ts";
import { createPriceService, type PriceService, type PriceSource } from "../../../server/modules/market/index.ts";
import { createSimulator } from "../../../server/modules/market/simulator.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, seedSession, seedUser, testClock } from "../helpers/auth.ts";
import { tableFingerprinter } from "../helpers/fingerprint.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let t: TestApp;
let prices: PriceService;
let reachable = false;
let alice: string;
let bob: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const simulator = createSimulator({ seed: 1 });
  // The simulator, behind a switch: unreachable until a test says otherwise.
  const source: PriceSource = {
    kind: "simulator",
    snapshot: (now) => (reachable ? simulator.snapshot(now) : Promise.reject(new Error("connect ECONNREFUSED"))),
    history: (symbol, range, now) => (reachable ? simulator.history(symbol, range, now) : Promise.reject(new Error("connect ECONNREFUSED"))),
  };
  const env = envWith({ PRICE_STALE_SECONDS: "30", PRICE_POLL_MS: "600000" });
  prices = createPriceService({ env, logger: createLogger("silent"), now: clock.now, source });
  t = createTestApp({ database, now: clock.now, prices });
  alice = await seedSession(database.db, await seedUser(database.db), clock.now());
  bob = await seedSession(database.db, await seedUser(database.db), clock.now());
});
afterAll(async () => {
  prices.stop();
  await database.close();
});

// Any field of an answer, to be narrowed where it is read.
const data = async (response: Response) => (await bodyOf(response)).data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("before the source has ever answered", () => {
  it("answers price calls 503 with a translated message, and the currency list from the rate table", async () => {
    for (const [path, body] of [
      ["/user/get-price", { symbol: "BTC" }],
      ["/market/tickers", {}],
      ["/market/price-history", { symbol: "BTC", range: "1W" }],
      ["/user/dashboard-market-info", {}],
    ] as const) {
      const en = await t.post(path, { body, token: alice });
      expect(en.status, path).toBe(503);
      expect(await bodyOf(en)).toMatchObject({ message: "Prices are not available yet. Please try again in a moment.", data: { reason: "pricesUnavailable" } });
    }
    const ar = await t.post("/user/get-price", { body: { symbol: "BTC" }, token: alice, lang: "ar" });
    expect((await bodyOf(ar)).message).toBe("الأسعار غير متاحة بعد. يرجى المحاولة بعد قليل.");
    const list = await data(await t.post("/currency/list", { body: {} }));
    expect(list.currencies).toContainEqual({ code: "AED", name: { en: "UAE dirham", ar: "درهم إماراتي" }, decimals: 2, perUsd: "3.67" });
  });
});

describe("with prices", () => {
  beforeAll(async () => {
    reachable = true;
    await prices.poll();
  });

  it("lists the assets as data, with names in English and Arabic, and the favourites only with a session", async () => {
    const visitor = await data(await t.post("/currency/list", { body: {} }));
    const assets = visitor.assets as { symbol: string; name: { en: string; ar: string }; stablecoin: boolean }[];
    expect(assets.length).toBeGreaterThanOrEqual(15);
    expect(assets[0]).toMatchObject({ symbol: "BTC", name: { en: "Bitcoin", ar: "بيتكوين" }, decimals: 8, rank: 1 });
    expect(assets.filter((a) => a.stablecoin).map((a) => a.symbol)).toEqual(["USDT", "USDC"]);
    expect(visitor.favourites).toBeNull();
    expect((await data(await t.post("/currency/list", { body: {}, token: alice }))).favourites).toEqual([]);
    // A bad or unknown token on this public call is a visitor, not a 401.
    expect((await t.post("/currency/list", { body: {}, token: "not-a-live-token" })).status).toBe(200);
    const get = await t.app.request("/api/v1/currency/list");
    expect(get.status).toBe(200);
  });

  it("answers a price in a currency with its 24-hour change and freshness, as decimal strings", async () => {
    const usd = await data(await t.post("/user/get-price", { body: { symbol: " btc " }, token: alice }));
    expect(usd).toMatchObject({ symbol: "BTC", currency: "USD", stale: false, ageSeconds: 0, source: "simulator", at: clock.now().toISOString() });
    for (const field of ["price", "change24h", "high24h", "low24h", "volume24h"]) expect(usd[field], field).toMatch(/^-?\d+(\.\d+)?$/);
    expect(usd.price).toMatch(/^\d+\.\d{2}$/);
    const eur = await data(await t.post("/user/get-price", { body: { symbol: "BTC", currency: "eur" }, token: alice }));
    expect(Number(eur.price) / Number(usd.price)).toBeCloseTo(0.92, 4);
    const shib = await data(await t.post("/user/get-price", { body: { symbol: "SHIB" }, token: alice }));
    expect(shib.price).toMatch(/^0\.0000\d{6,}$/);
    expect((await t.post("/user/get-price", { body: { symbol: "BTC" } })).status).toBe(401);
  });

  it.each([
    ["an unknown symbol", { symbol: "NOPE" }, 400, "unknownSymbol", "No listed asset has this symbol.", "لا يوجد أصل مدرج بهذا الرمز."],
    ["an unknown currency", { symbol: "BTC", currency: "JPY" }, 400, "validation", "Some fields are not valid.", null],
    ["a symbol that is not text", { symbol: 5 }, 400, "validation", "Some fields are not valid.", null],
    ["a missing symbol", {}, 400, "validation", "Some fields are not valid.", null],
    ["an extra field", { symbol: "BTC", amount: "1" }, 400, "validation", "Some fields are not valid.", null],
  ])("refuses %s with a translated message", async (_what, body, status, reason, en, ar) => {
    const response = await t.post("/user/get-price", { body, token: alice });
    expect(response.status).toBe(status);
    expect(await bodyOf(response)).toMatchObject({ message: en, data: { reason } });
    if (ar) expect((await bodyOf(await t.post("/user/get-price", { body, token: alice, lang: "ar" }))).message).toBe(ar);
  });

  it("names the wrong field in both languages: currency and range", async () => {
    const response = await t.post("/market/price-history", { body: { symbol: "BTC", currency: "XYZ", range: "2D" }, lang: "ar" });
    expect((await bodyOf(response)).data).toMatchObject({
      fieldKeys: { currency: "currency.unknown", range: "range.unknown" },
      fields: { currency: "اختر إحدى العملات المتاحة: USD أو EUR أو AED أو SAR.", range: "اختر مدة الرسم البياني: 1D أو 1W أو 1M أو 1Y." },
    });
  });

  it("lists every asset's ticker with a 7-day sparkline of 42 closes", async () => {
    const tickers = await data(await t.post("/market/tickers", { body: { currency: "SAR" } }));
    const list = tickers.tickers as { symbol: string; sparkline: string[] }[];
    expect(tickers.currency).toBe("SAR");
    expect(list.length).toBeGreaterThanOrEqual(15);
    for (const ticker of list) expect(ticker.sparkline, ticker.symbol).toHaveLength(42);
  });

  it("answers each chart range at its resolution, with the range's high, low and change, ending at the price now", async () => {
    const now = await data(await t.post("/user/get-price", { body: { symbol: "ETH" }, token: alice }));
    for (const [range, count] of [
      ["1D", 289],
      ["1W", 169],
      ["1M", 181],
      ["1Y", 366],
    ] as const) {
      const history = await data(await t.post("/market/price-history", { body: { symbol: "ETH", range } }));
      const points = history.points as { t: number; p: string }[];
      expect(points, range).toHaveLength(count);
      expect(points.at(-1)!.p, range).toBe(now.price);
      const values = points.map((p) => Number(p.p));
      expect(Number(history.high)).toBe(Math.max(...values));
      expect(Number(history.low)).toBe(Math.min(...values));
      expect(Number(history.change)).toBeCloseTo((values.at(-1)! / values[0]! - 1) * 100, 1);
    }
  });

  it("keeps favourites per user, idempotent both ways, in rank order; refuses an unknown symbol without a change", async () => {
    const add = (token: string, symbol: string, favourite = true) => t.post("/user/add-fav-token", { body: { symbol, favourite }, token });
    expect((await data(await add(alice, "eth"))).favourites).toEqual(["ETH"]);
    expect((await data(await add(alice, "ETH"))).favourites).toEqual(["ETH"]);
    expect((await data(await add(alice, "BTC"))).favourites).toEqual(["BTC", "ETH"]);
    expect((await data(await add(alice, "ETH", false))).favourites).toEqual(["BTC"]);
    expect((await data(await add(alice, "ETH", false))).favourites).toEqual(["BTC"]);
    expect((await data(await add(bob, "SOL"))).favourites).toEqual(["SOL"]);
    expect((await data(await t.post("/currency/list", { body: {}, token: alice }))).favourites).toEqual(["BTC"]);

    const fingerprint = await tableFingerprinter(database);
    const before = await fingerprint.take();
    const unknown = await add(alice, "NOPE");
    expect(unknown.status).toBe(400);
    expect((await bodyOf(unknown)).data).toMatchObject({ reason: "unknownSymbol" });
    expect((await t.post("/user/add-fav-token", { body: { symbol: "BTC", favourite: "yes" }, token: alice })).status).toBe(400);
    expect((await t.post("/user/add-fav-token", { body: { symbol: "BTC" } })).status).toBe(401);
    expect(await fingerprint.take()).toEqual(before);
  });

  it("answers concurrent adds of the same favourite once", async () => {
    const user = await seedSession(database.db, await seedUser(database.db), clock.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.post("/user/add-fav-token", { body: { symbol: "DOGE" }, token: user })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await data(await t.post("/currency/list", { body: {}, token: user }))).favourites).toEqual(["DOGE"]);
  });

  it("shows the dashboard's favourites, movers without stablecoins, and a summary", async () => {
    const dash = await data(await t.post("/user/dashboard-market-info", { body: { currency: "AED" }, token: alice }));
    const changes = (list: unknown) => (list as { change24h: string }[]).map((ticker) => Number(ticker.change24h));
    expect((dash.favourites as { symbol: string }[]).map((ticker) => ticker.symbol)).toEqual(["BTC"]);
    expect(dash.gainers).toHaveLength(3);
    expect(dash.losers).toHaveLength(3);
    expect(changes(dash.gainers)).toEqual([...changes(dash.gainers)].sort((a, b) => b - a));
    expect(changes(dash.losers)).toEqual([...changes(dash.losers)].sort((a, b) => a - b));
    for (const ticker of [...(dash.gainers as { symbol: string }[]), ...(dash.losers as { symbol: string }[])])
      expect(["USDT", "USDC"]).not.toContain(ticker.symbol);
    const summary = dash.summary as { assets: number; advancing: number; declining: number };
    expect(summary.advancing + summary.declining).toBeLessThanOrEqual(summary.assets);
    expect(dash.portfolio).toBeNull();
  });

  it("keeps answering the last prices when the source stops, marked stale with their age, and fresh again when it is back", async () => {
    const before = await data(await t.post("/user/get-price", { body: { symbol: "BTC" }, token: alice }));
    reachable = false;
    clock.advance(31_000);
    await prices.poll();
    const stale = await data(await t.post("/user/get-price", { body: { symbol: "BTC" }, token: alice }));
    expect(stale).toMatchObject({ price: before.price, stale: true, ageSeconds: 31, at: before.at });
    const tickers = await data(await t.post("/market/tickers", { body: {} }));
    expect(tickers).toMatchObject({ stale: true, ageSeconds: 31 });
    reachable = true;
    await prices.poll();
    const fresh = await data(await t.post("/user/get-price", { body: { symbol: "BTC" }, token: alice }));
    expect(fresh).toMatchObject({ stale: false, ageSeconds: 0 });
    expect(fresh.price).not.toBe(before.price);
  });
});
