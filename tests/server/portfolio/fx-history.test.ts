// The past at the exchange rates of its days: the price service records each day's rate, and the
// portfolio's value over time, cost basis and report convert a past amount at its day's rate, not
// today's. EUR is worth 0.80 per USD on the day of the trades and 1.00 two days later.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Portfolio, PortfolioValue, Report } from "../../../contract/index.ts";
import { add, decimal, toPlain } from "../../../contract/decimal.ts";
import { createSession } from "../../../server/modules/auth/sessions.ts";
import { envWith } from "../../../server/env.ts";
import { createCatalog, createPriceService } from "../../../server/modules/market/index.ts";
import { createSimulator } from "../../../server/modules/market/simulator.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { tradingWorld, type Data, type TradingWorld } from "../trading/world.ts";

// The ledger stamps a transfer with the database's clock, so the trades happen on the real day and
// the test's clock (noon of that day) then moves two days on.
const DAY_MS = 86_400_000;
const TRADE_DAY = new Date().toISOString().slice(0, 10);
const clock = testClock(`${TRADE_DAY}T12:00:00Z`);
const dayAfter = (n: number) => new Date(Date.parse(`${TRADE_DAY}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
let database: Database;
let w: TradingWorld;
/** Paid in USD on the day EUR was 0.80, and paid in EUR that day. */
let byDollar: { id: string; token: string };
let byEuro: { id: string; token: string };

async function traded(token: string, body: Record<string, unknown>): Promise<Data> {
  const quote = await w.quoted(token, body);
  const answer = await w.accept(token, quote.id);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  database = await openTestDatabase();
  w = tradingWorld(database, clock, { TRADE_QUOTE_SECONDS: "40" }, { history: true });
  await w.setRate("EUR", 0.8);
  await w.fund("BTC", "10");
  [byDollar, byEuro] = [await w.user(), await w.user()];
  await Promise.all([w.give(byDollar.id, "USD", "1000"), w.give(byEuro.id, "EUR", "400")]);
  await traded(byDollar.token, { kind: "buy", from: "USD", to: "BTC", amount: "500" });
  await traded(byEuro.token, { kind: "buy", from: "EUR", to: "BTC", amount: "400" });
  clock.advance(2 * DAY_MS);
  await w.setRate("EUR", 1);
  // Two days on, the users sign in again.
  for (const user of [byDollar, byEuro]) user.token = (await createSession(database.db, user.id, { now: clock.now() })).token;
});
afterAll(async () => {
  w.stop();
  await database.close();
});

const post = async <T>(path: string, token: string, body: Record<string, unknown>) => {
  const answer = await w.post(path, token, body);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  return answer.data as T;
};
const btcOf = (p: Portfolio) => p.holdings.find((h) => h.asset === "BTC")!;

describe("exchange rates of past days", () => {
  it("records the rate the price service saw, one row per currency per day", async () => {
    const rows = (await database.db.execute(
      sql`SELECT day::text AS day, per_usd::text AS rate, origin FROM fx_rates WHERE currency = 'EUR' ORDER BY day`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([
      { day: TRADE_DAY, rate: "0.80000000", origin: "seen" },
      { day: dayAfter(2), rate: "1.00000000", origin: "seen" },
    ]);
    // A pegged currency the source does not quote is recorded at the rate table's.
    const aed = (await database.db.execute(sql`SELECT count(*)::int AS n FROM fx_rates WHERE currency = 'AED'`)) as unknown as { rows: { n: number }[] };
    expect(aed.rows[0]!.n).toBe(2);
  });

  it("values each past day at that day's rate: dollars held two days ago were worth 0.80 EUR each", async () => {
    const btcUnits = await w.balance(byDollar.id, "BTC");
    const usdCents = await w.balance(byDollar.id, "USD");
    expect(usdCents).toBe(50_000n);
    // Cents of EUR: cash at the rate, plus the coin at 50,000 USD × the rate (each rounded down, as the chart does).
    const at = (rate: bigint) => (usdCents * rate) / 100n + (btcUnits * 50_000n * rate) / 100_000_000n;
    const cents = (units: bigint) => toPlain(decimal(`${units / 100n}.${String(units % 100n).padStart(2, "0")}`), { places: 2 });
    const week = await post<PortfolioValue>("/user/portfolio/value", byDollar.token, { currency: "EUR", range: "1W" });
    const day = (date: string) => week.points.find((p) => p.date === date)!.value;
    expect(day(dayAfter(-1))).toBe("0.00");
    expect(day(TRADE_DAY)).toBe(cents(at(80n)));
    // No rate was seen the day after: the last one before it stands.
    expect(day(dayAfter(1))).toBe(cents(at(80n)));
    expect(day(dayAfter(2))).toBe(cents(at(100n)));
  });

  it("a cost paid in dollars converts at its day's rate, and stays there", async () => {
    const euros = await post<Portfolio>("/user/portfolio", byDollar.token, { currency: "EUR", method: "fifo" });
    expect(btcOf(euros).costBasis).toBe("400.00");
    // What it gained in euros includes the dollar's rise against the euro since.
    expect(btcOf(euros).unrealised).toBe(toPlain(decimal(`${Number(btcOf(euros).value) - 400}`), { places: 2 }));
    const dollars = await post<Portfolio>("/user/portfolio", byDollar.token, { currency: "USD", method: "fifo" });
    expect(btcOf(dollars).costBasis).toBe("500.00");
  });

  it("a cost paid in euros stays what it was in euros, and is worth its day's dollars", async () => {
    const euros = await post<Portfolio>("/user/portfolio", byEuro.token, { currency: "EUR", method: "fifo" });
    expect(btcOf(euros).costBasis).toBe("400.00");
    const dollars = await post<Portfolio>("/user/portfolio", byEuro.token, { currency: "USD", method: "fifo" });
    expect(btcOf(dollars).costBasis).toBe("500.00");
    const report = await post<Report>("/user/buy-sell-report", byEuro.token, { currency: "USD" });
    expect(toPlain(add(decimal(report.totals.boughtValue), decimal(report.totals.fees)), { places: 2 })).toBe("500.00");
  });
});

describe("the embedded market's past rates", () => {
  it("are filled in once on a first start from its own walk, and today's is the one it shows", async () => {
    const own = await openTestDatabase();
    const env = envWith({ PRICE_POLL_MS: "600000" });
    const prices = createPriceService({ env, logger: createLogger("silent"), now: clock.now });
    const catalog = createCatalog({ db: own.db, prices, now: clock.now });
    prices.onSnapshot((snapshot) => catalog.fx.record(snapshot));
    try {
      await prices.poll();
      await prices.poll();
      const read = async () =>
        (
          (await own.db.execute(sql`SELECT day::text AS day, per_usd::text AS rate, origin FROM fx_rates WHERE currency = 'EUR' ORDER BY day`)) as unknown as {
            rows: { day: string; rate: string; origin: string }[];
          }
        ).rows;
      const rows = await read();
      const today = rows.at(-1)!;
      expect(today).toMatchObject({ day: clock.now().toISOString().slice(0, 10), origin: "seen" });
      expect(Number(today.rate)).toBeCloseTo((await prices.latest())!.perUsd.EUR!, 8);
      // The 400 days before, as the same walk gives them to anyone who asks.
      const walk = await createSimulator({ seed: env.PRICE_SEED, fx: { EUR: Number(env.QUOTE_RATES.EUR) } }).fxHistory!(400, clock.now());
      expect(rows.slice(0, -1).map((r) => [r.day, r.rate, r.origin])).toEqual(walk.map((d) => [d.day, d.perUsd.EUR!.toFixed(8), "history"]));
      expect(new Set(rows.map((r) => r.rate)).size).toBeGreaterThan(300);
    } finally {
      prices.stop();
      await own.close();
    }
  });
});
