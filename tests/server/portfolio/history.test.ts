// /user/transactions-history over the real database: card buys ordered at chosen times, paged by the
// cursor through ties on time, every filter and date range, an empty account, and no user ever
// seeing another's entries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuyOrder, History } from "../../../contract/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, SUCCESS, DECLINE, type OnrampWorld } from "../onramp/world.ts";

const clock = testClock("2026-11-20T09:00:00Z");
let database: Database;
let w: OnrampWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock);
});
afterAll(async () => {
  w.stop();
  await database.close();
});

async function history(token: string, body: Record<string, unknown> = {}) {
  const res = await w.t.post("/user/transactions-history", { token, body });
  const answer = await bodyOf(res);
  return { res, answer, page: answer.data as unknown as History };
}

/** Every entry, page by page, with the pages' sizes. */
async function allPages(token: string, body: Record<string, unknown>, limit: number) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const { res, page } = await history(token, { ...body, limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    ids.push(...page.items.map((item) => item.id));
    sizes.push(page.items.length);
    if (page.nextCursor === null) return { ids, sizes };
    cursor = page.nextCursor;
  }
  throw new Error("the cursor never ended");
}

const newestFirst = (orders: BuyOrder[]) =>
  orders.toSorted((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1)).map((order) => order.id);

describe("an account with no entries", () => {
  it("answers an empty first page with no cursor, whatever the filters", async () => {
    const { token } = await w.user();
    for (const body of [{}, { type: "buy" }, { asset: "BTC", status: "completed", from: "2026-01-01", to: "2026-12-31" }]) {
      const { res, page } = await history(token, body);
      expect(res.status).toBe(200);
      expect(page).toEqual({ items: [], nextCursor: null });
    }
  });
});

describe("paging and filtering one user's card buys", () => {
  let token: string;
  let orders: BuyOrder[];
  let day1: BuyOrder[];
  let day2: BuyOrder[];

  beforeAll(async () => {
    const trader = await w.user();
    ({ token } = trader);
    // Day 1 (2026-11-20): four orders in the same millisecond (ties on time), then two a minute later.
    day1 = [];
    for (const asset of ["BTC", "BTC", "ETH", "BTC"]) day1.push(await w.ordered(token, { asset, currency: "USD", amount: "50" }));
    clock.advance(60_000);
    day1.push(await w.ordered(token, { asset: "ETH", currency: "USD", amount: "60" }), await w.ordered(token, { asset: "BTC", currency: "USD", amount: "70" }));
    // Day 2, just after midnight UTC: two more.
    clock.advance(Date.parse("2026-11-21T00:00:01Z") - clock.now().getTime());
    // A session idle that long has ended: sign in again.
    token = await trader.again();
    day2 = [await w.ordered(token, { asset: "BTC", currency: "USD", amount: "80" }), await w.ordered(token, { asset: "ETH", currency: "EUR", amount: "90" })];
    // One paid (completed once settled), one declined (failed); the rest stay pending.
    await w.pay(day1[0]!, SUCCESS);
    await w.pay(day2[1]!, DECLINE);
    await w.run(30_000);
    orders = [...day1, ...day2];
  });

  it("pages through ties on time at every page size: each entry once, newest first", async () => {
    const expected = newestFirst(orders);
    for (const limit of [1, 2, 3, 4, 7, 8, 50]) {
      const { ids, sizes } = await allPages(token, {}, limit);
      expect(ids, `limit ${limit}`).toEqual(expected);
      expect(sizes.slice(0, -1).every((size) => size === limit)).toBe(true);
    }
  });

  it("filters by kind: buys are all of them, kinds not built yet are none", async () => {
    expect((await allPages(token, { type: "buy" }, 3)).ids).toEqual(newestFirst(orders));
    for (const type of ["sell", "convert", "deposit", "withdrawal", "fee"]) expect((await history(token, { type })).page.items).toEqual([]);
  });

  it("filters by asset and by status, also across pages", async () => {
    expect((await allPages(token, { asset: "eth" }, 1)).ids).toEqual(newestFirst(orders.filter((order) => order.asset === "ETH")));
    expect((await allPages(token, { asset: "BTC" }, 2)).ids).toEqual(newestFirst(orders.filter((order) => order.asset === "BTC")));
    // Each order's status now (the unpaid ones of day 1 have expired meanwhile), from the whole list.
    const listed = (await history(token, { limit: 50 })).page.items;
    const statuses = new Set(listed.map((item) => item.status));
    expect(statuses).toEqual(new Set(["completed", "failed", "expired", "pending"]));
    expect(listed.find((item) => item.id === day1[0]!.id)?.status).toBe("completed");
    expect(listed.find((item) => item.id === day2[1]!.id)?.status).toBe("failed");
    for (const status of ["pending", "processing", "completed", "failed", "cancelled", "expired"]) {
      const wanted = listed.filter((item) => item.status === status).map((item) => item.id);
      expect((await allPages(token, { status }, 2)).ids, status).toEqual(wanted);
      const eth = listed.filter((item) => item.status === status && item.type === "buy" && item.asset === "ETH").map((item) => item.id);
      expect((await allPages(token, { status, asset: "ETH" }, 1)).ids, `${status} ETH`).toEqual(eth);
    }
  });

  it("takes date ranges as inclusive UTC days", async () => {
    expect((await allPages(token, { from: "2026-11-20", to: "2026-11-20" }, 4)).ids).toEqual(newestFirst(day1));
    expect((await allPages(token, { from: "2026-11-21" }, 4)).ids).toEqual(newestFirst(day2));
    expect((await allPages(token, { to: "2026-11-20" }, 4)).ids).toEqual(newestFirst(day1));
    expect((await allPages(token, { from: "2026-11-19", to: "2026-11-21" }, 4)).ids).toEqual(newestFirst(orders));
    expect((await history(token, { from: "2026-11-22" })).page.items).toEqual([]);
    expect((await history(token, { to: "2026-11-19" })).page.items).toEqual([]);
    // From after to: nothing, not an error.
    expect((await history(token, { from: "2026-11-21", to: "2026-11-20" })).page.items).toEqual([]);
  });

  it("shows each order's timeline and amounts as the status call does", async () => {
    const listed = (await history(token, { status: "completed" })).page.items[0] as BuyOrder;
    const { body } = await w.status(token, listed.id);
    expect(listed).toEqual(body.data);
    expect(listed.timeline.map((step) => step.step)).toContain("completed");
  });

  it("refuses a cursor it did not make and bad filters, naming the field", async () => {
    for (const [body, field] of [
      [{ cursor: "not-a-cursor" }, "cursor"],
      [{ cursor: Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url") }, "cursor"],
      [{ from: "2026-13-01" }, "from"],
      [{ to: "20261120" }, "to"],
      [{ type: "gift" }, "type"],
      [{ status: "lost" }, "status"],
      [{ limit: 0 }, "limit"],
      [{ limit: 51 }, "limit"],
      [{ asset: "B!" }, "asset"],
    ] as const) {
      const { res, answer } = await history(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((answer.data as { fields: object }).fields)).toEqual([field]);
    }
  });

  it("never shows another user's entries, even with that user's cursor", async () => {
    const other = await w.user();
    const mine = await w.ordered(other.token, { asset: "BTC", currency: "USD", amount: "55" });
    expect((await allPages(other.token, {}, 1)).ids).toEqual([mine.id]);
    const first = (await history(token, { limit: 2 })).page;
    const { page } = await history(other.token, { cursor: first.nextCursor!, limit: 50 });
    expect(page.items.map((item) => item.id)).toEqual(mine.createdAt < first.items[1]!.createdAt ? [mine.id] : []);
    expect((await allPages(token, {}, 50)).ids).not.toContain(mine.id);
  });
});
