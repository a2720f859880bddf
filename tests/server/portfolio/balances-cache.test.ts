// /user/balances answers a user's ledger accounts from memory (issue 29): every ledger movement
// (posted, held, voided) shows on the very next read, and the cache's own rules hold: a read that
// raced a write is not kept, nothing is kept while other processes' writes cannot be heard, the
// TTL and the bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Balances } from "../../../contract/index.ts";
import { envWith } from "../../../server/env.ts";
import { createLedger, type Ledger } from "../../../server/modules/ledger/index.ts";
import { createPriceService, type PriceService } from "../../../server/modules/market/index.ts";
import { createSimulator } from "../../../server/modules/market/simulator.ts";
import { WatchedCache } from "../../../server/platform/db/watched-cache.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { bodyOf, seedSession, seedUser, testClock } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const clock = testClock("2026-11-20T09:00:00Z");
let database: Database;
let ledger: Ledger;
let prices: PriceService;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db, { now: clock.now });
  prices = createPriceService({
    env: envWith({ PRICE_POLL_MS: "600000" }),
    logger: createLogger("silent"),
    now: clock.now,
    source: createSimulator({ seed: 7 }),
  });
  t = createTestApp({ database, now: clock.now, prices, ledger });
});
afterAll(async () => {
  prices.stop();
  await database.close();
});

let keys = 0;
const move = async (userId: string, amount: bigint, options: { out?: boolean; holdSeconds?: number } = {}) => {
  const [user, house] = await Promise.all([ledger.userAccount(userId, "EUR"), ledger.houseAccount("onramp", "EUR")]);
  return ledger.transfer({
    key: `test:cache:${++keys}`,
    debit: options.out ? user : house,
    credit: options.out ? house : user,
    asset: "EUR",
    amount,
    code: "test.credit",
    ...(options.holdSeconds ? { holdSeconds: options.holdSeconds } : {}),
  });
};
const eur = async (token: string) => {
  const res = await t.post("/user/balances", { token, body: { currency: "EUR" } });
  expect(res.status).toBe(200);
  const { balances } = (await bodyOf(res)).data as unknown as Balances;
  const found = balances.find((balance) => balance.asset === "EUR");
  return found && { available: found.available, held: found.held };
};

describe("the balances read's cache", () => {
  it("shows every ledger movement on the very next read", async () => {
    const user = await seedUser(database.db);
    const token = await seedSession(database.db, user, clock.now());
    expect(await eur(token)).toBeUndefined();
    await move(user.id, 1_000n);
    expect(await eur(token)).toEqual({ available: "10.00", held: "0.00" });
    // Read again from memory, then a movement: its answer is gone at once.
    expect(await eur(token)).toEqual({ available: "10.00", held: "0.00" });
    await move(user.id, 250n);
    expect(await eur(token)).toEqual({ available: "12.50", held: "0.00" });
    const [hold] = await move(user.id, 200n, { out: true, holdSeconds: 3600 });
    expect(await eur(token)).toEqual({ available: "10.50", held: "2.00" });
    await ledger.resolve({ key: `test:cache:void:${hold!.id}`, pendingId: hold!.id, action: "void" });
    expect(await eur(token)).toEqual({ available: "12.50", held: "0.00" });
  });
});

describe("WatchedCache", () => {
  const listening = (clock: () => number) => {
    const cache = new WatchedCache<string>({ ttlMs: 5_000, maxEntries: 3, clock });
    cache.setListening(true);
    return cache;
  };

  it("does not keep a read that raced a write, nor one made while not listening", async () => {
    const cache = listening(() => 0);
    expect(await cache.read("u", async () => (cache.clear(), "old"))).toBe("old");
    expect(cache.get("u")).toBeUndefined();
    cache.setListening(false);
    expect(cache.put("u", "v", cache.generation())).toBe(false);
    cache.setListening(true);
    expect(await cache.read("u", async () => "new")).toBe("new");
    expect(await cache.read("u", async () => "other")).toBe("new");
  });

  it("keeps a value for the TTL only and at most maxEntries values", () => {
    let now = 0;
    const cache = listening(() => now);
    for (const key of ["a", "b", "c", "d"]) cache.put(key, key, cache.generation());
    expect([cache.get("a"), cache.get("d"), cache.size]).toEqual([undefined, "d", 3]);
    now = 4_999;
    expect(cache.get("d")).toBe("d");
    now = 5_000;
    expect(cache.get("d")).toBeUndefined();
  });
});
