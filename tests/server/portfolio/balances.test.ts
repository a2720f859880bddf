// /user/balances over the real database and ledger: amounts exact from the ledger, values through
// the market's catalog in the chosen currency, an empty account, and no invented value when a
// price is missing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Balances, Price } from "../../../contract/index.ts";
import { envWith } from "../../../server/env.ts";
import { createLedger, type Ledger } from "../../../server/modules/ledger/index.ts";
import { createPriceService, type PriceService, type PriceSource } from "../../../server/modules/market/index.ts";
import { createSimulator } from "../../../server/modules/market/simulator.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { bodyOf, seedSession, seedUser, testClock } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const clock = testClock("2026-11-20T09:00:00Z");
const env = envWith({ PRICE_POLL_MS: "600000" });
const logger = createLogger("silent");
let database: Database;
let ledger: Ledger;
const services: PriceService[] = [];

/** An app over the shared database and ledger whose prices come from this source. */
function appWith(source: PriceSource): TestApp {
  const prices = createPriceService({ env, logger, now: clock.now, source });
  services.push(prices);
  return createTestApp({ database, now: clock.now, prices, ledger });
}

const simulator = createSimulator({ seed: 7 });
/** The simulator without one asset's ticker: the source does not know it. */
const without = (symbol: string): PriceSource => ({
  kind: "simulator",
  snapshot: async (now) => {
    const snapshot = await simulator.snapshot(now);
    return { ...snapshot, tickers: new Map([...snapshot.tickers].filter(([key]) => key !== symbol)) };
  },
  history: simulator.history,
});
const unreachable: PriceSource = {
  kind: "simulator",
  snapshot: () => Promise.reject(new Error("unreachable")),
  history: () => Promise.reject(new Error("unreachable")),
};

async function trader() {
  const user = await seedUser(database.db);
  return { id: user.id, token: await seedSession(database.db, user, clock.now()) };
}

let credits = 0;
/** Money in from the house (as a completed card buy would credit it). */
async function credit(userId: string, asset: string, units: bigint) {
  await ledger.transfer({
    key: `test:credit:${++credits}`,
    debit: await ledger.houseAccount("onramp", asset),
    credit: await ledger.userAccount(userId, asset),
    asset,
    amount: units,
    code: "test.credit",
  });
}

async function balancesOf(t: TestApp, token: string, currency?: string) {
  const res = await t.post("/user/balances", { token, body: currency ? { currency } : {} });
  expect(res.status).toBe(200);
  return (await bodyOf(res)).data as unknown as Balances;
}

/** floor(units / 10^decimals × price, 2 places) by bigint arithmetic, as a plain decimal. */
function valueOf(units: bigint, decimals: number, price: string): string {
  const [whole, fraction = ""] = price.split(".");
  const cents = (units * BigInt(whole! + fraction) * 100n) / 10n ** BigInt(decimals + fraction.length);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db, { now: clock.now });
});
afterAll(async () => {
  for (const prices of services) prices.stop();
  await database.close();
});

describe("balances", () => {
  it("answers no balances and a zero total for a new account, in the currency asked", async () => {
    const t = appWith(simulator);
    const { token } = await trader();
    expect(await balancesOf(t, token)).toEqual({ currency: "USD", balances: [], total: "0.00" });
    expect(await balancesOf(t, token, "eur")).toEqual({ currency: "EUR", balances: [], total: "0.00" });
  });

  it("shows exact amounts, what is held, and values at the catalog's price rounded down to the cent", async () => {
    const t = appWith(simulator);
    const { id, token } = await trader();
    await credit(id, "BTC", 123_456_789n);
    await credit(id, "ETH", 5n);
    // A hold of 0.2 BTC (a withdrawal or an order under way): still the user's, not spendable.
    await ledger.transfer({
      key: `test:hold:${id}`,
      debit: await ledger.userAccount(id, "BTC"),
      credit: await ledger.houseAccount("treasury", "BTC"),
      asset: "BTC",
      amount: 20_000_000n,
      code: "test.hold",
      holdSeconds: 3600,
    });
    for (const currency of ["USD", "EUR", "SAR"]) {
      const answer = await balancesOf(t, token, currency);
      const priceOf = async (symbol: string) => {
        const res = await t.post("/user/get-price", { token, body: { symbol, currency } });
        return ((await bodyOf(res)).data as unknown as Price).price;
      };
      const btc = valueOf(123_456_789n, 8, await priceOf("BTC"));
      const eth = valueOf(5n, 18, await priceOf("ETH"));
      expect(answer.balances).toEqual([
        { asset: "BTC", available: "1.03456789", held: "0.20000000", value: btc },
        { asset: "ETH", available: "0.000000000000000005", held: "0.000000000000000000", value: eth },
      ]);
      expect(eth).toBe("0.00");
      expect(answer.total).toBe(btc);
    }
  });

  it("gives no value, and so no total, for an asset whose price is missing; amounts stay exact", async () => {
    const t = appWith(without("ETH"));
    const { id, token } = await trader();
    await credit(id, "BTC", 100_000_000n);
    await credit(id, "ETH", 2_500_000_000_000_000_000n);
    const answer = await balancesOf(t, token);
    expect(answer.balances.find((row) => row.asset === "ETH")).toEqual({
      asset: "ETH",
      available: "2.500000000000000000",
      held: "0.000000000000000000",
      value: null,
    });
    expect(answer.balances.find((row) => row.asset === "BTC")?.value).toMatch(/^\d+\.\d{2}$/);
    expect(answer.total).toBeNull();
  });

  it("values nothing while the price source has never answered", async () => {
    const t = appWith(unreachable);
    const { id, token } = await trader();
    await credit(id, "BTC", 1n);
    expect(await balancesOf(t, token)).toEqual({
      currency: "USD",
      balances: [{ asset: "BTC", available: "0.00000001", held: "0.00000000", value: null }],
      total: null,
    });
  });

  it("shows each user only their own holdings", async () => {
    const t = appWith(simulator);
    const a = await trader();
    const b = await trader();
    await credit(a.id, "BTC", 42n);
    expect((await balancesOf(t, a.token)).balances.map((row) => row.available)).toEqual(["0.00000042"]);
    expect(await balancesOf(t, b.token)).toEqual({ currency: "USD", balances: [], total: "0.00" });
  });

  it("refuses an unknown currency, naming the field, and a call without a session", async () => {
    const t = appWith(simulator);
    const { token } = await trader();
    const res = await t.post("/user/balances", { token, body: { currency: "GBP" } });
    expect(res.status).toBe(400);
    expect(Object.keys(((await bodyOf(res)).data as { fields: object }).fields)).toEqual(["currency"]);
    expect((await t.post("/user/balances", { body: {} })).status).toBe(401);
  });
});
