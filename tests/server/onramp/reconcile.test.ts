// Issue 24 item 11: the reconciler reaches every open order, oldest first, a page at a time
// (not only the 500 oldest), and runs one pass at a time: triggers while a slow pass runs start
// nothing and never queue behind it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;
let userId: string;

const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const countWhere = async (where: ReturnType<typeof sql>) => Number((await rows(sql`SELECT count(*)::int AS n FROM onramp_orders WHERE ${where}`))[0]!.n);

/**
 * Open orders written straight to the table, many sharing one created_at to the microsecond (the
 * page's key must break ties by id and keep the database's precision): `ghost` ones are at the
 * provider under ids it does not know; the others never reached it and are past their expiry.
 */
async function openOrders(prefix: string, count: number, { ghost }: { ghost: boolean }) {
  const expired = new Date(clock.now().getTime() - 60_000).toISOString();
  await database.db.execute(sql`
    INSERT INTO onramp_orders (user_id, idempotency_key, request_hash, provider, provider_order_id, asset, currency, fiat_cents,
      gross_units, fee_units, decimals, price, fee_basis_points, status, expires_at, created_at, updated_at)
    SELECT ${userId}::uuid, ${prefix}::text || g::text, 'hash', 'sandbox', CASE WHEN ${ghost}::boolean THEN ${prefix}::text || 'ghost-' || g::text END,
      'BTC', 'USD', 10000,
      100000, 1500, 8, '100000.00', 150, 'pending', ${expired}::timestamptz,
      timestamptz '2026-11-23 11:00:00.123456+00' + (g / 7) * interval '1 microsecond', ${expired}::timestamptz
    FROM generate_series(1, ${count}) AS g`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock);
  userId = (await w.user()).id;
});
afterAll(async () => {
  vi.restoreAllMocks();
  w.stop();
  await database.close();
});

describe("one reconciler pass", () => {
  it("reaches every open order, beyond the 500 oldest", async () => {
    await openOrders("unsent-", 530, { ghost: false });
    const result = await w.onramp.orders.reconcile();
    expect(result.checked).toBe(530);
    expect(await countWhere(sql`idempotency_key LIKE 'unsent-%' AND status = 'expired'`)).toBe(530);
    expect(await countWhere(sql`status IN ('pending', 'processing')`)).toBe(0);
  });

  it("pages oldest first through ties, asking the provider about each open order once", async () => {
    await openOrders("asked-", 40, { ghost: true });
    const asked: string[] = [];
    const getOrder = vi.spyOn(w.onramp.provider, "getOrder").mockImplementation(async (id) => {
      asked.push(id);
      throw new Error("the provider does not know this order");
    });
    const result = await w.onramp.orders.reconcile({ pageSize: 3 });
    getOrder.mockRestore();
    expect(result).toEqual({ checked: 40, settled: 0 });
    expect(asked).toHaveLength(40);
    expect(new Set(asked).size).toBe(40);
    // Oldest first: created_at rises with g / 7.
    const order = await rows(sql`SELECT provider_order_id FROM onramp_orders WHERE idempotency_key LIKE 'asked-%' ORDER BY created_at, id`);
    expect(asked).toEqual(order.map((row) => row.provider_order_id));
  });
});

describe("passes", () => {
  it("never overlap: triggers while a slow pass runs start none and do not queue", async () => {
    // The 40 open orders above are still open; the provider now answers each one slowly.
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    let asked = 0;
    const getOrder = vi.spyOn(w.onramp.provider, "getOrder").mockImplementation(async () => {
      asked++;
      await gate;
      throw new Error("slow, then unknown");
    });
    const passes = vi.spyOn(w.onramp.orders, "reconcile");

    // The schedule's trigger (every ONRAMP_RECONCILE_SECONDS), fired by hand: once at start, then ten times during the slow pass.
    let fire!: () => void;
    w.onramp.start((ms, run) => {
      if (ms === 60_000) fire = run;
      return () => {};
    });
    const direct = w.onramp.reconcile();
    await vi.waitFor(() => expect(asked).toBe(1));
    for (let i = 0; i < 10; i++) fire();
    const more = [w.onramp.reconcile(), w.onramp.reconcile()];
    expect(passes).toHaveBeenCalledTimes(1);

    release();
    await Promise.all([direct, ...more]);
    expect(passes).toHaveBeenCalledTimes(1);
    expect(asked).toBe(40);

    // Once it has ended, the next trigger is a new pass.
    fire();
    await w.onramp.reconcile();
    expect(passes).toHaveBeenCalledTimes(2);
    expect(asked).toBe(80);
    await w.onramp.stop();
    getOrder.mockRestore();
    passes.mockRestore();
  });
});
