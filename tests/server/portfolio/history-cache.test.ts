// /user/transactions-history answers from memory until a table one of its sources reads is written
// (issue 29): a new order (a plain INSERT) is listed, and a status change shown, on the very next read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { History, OrderStep } from "../../../contract/index.ts";
import { onrampOrderSteps } from "../../../server/modules/onramp/schema.ts";
import { tablesWritten } from "../../../server/platform/db/changes.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, SUCCESS, type OnrampWorld } from "../onramp/world.ts";

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

async function items(token: string) {
  const res = await w.t.post("/user/transactions-history", { token, body: {} });
  expect(res.status).toBe(200);
  return ((await bodyOf(res)).data as unknown as History).items.map(({ id, status }) => ({ id, status }));
}

describe("the history's cache", () => {
  it("lists a new order, and its new status, on the very next read", async () => {
    const { token } = await w.user();
    expect(await items(token)).toEqual([]);
    expect(await items(token)).toEqual([]);
    const order = await w.ordered(token, { asset: "BTC", currency: "USD", amount: "50" });
    expect(await items(token)).toEqual([{ id: order.id, status: "pending" }]);
    await w.pay(order, SUCCESS);
    await w.run(30_000);
    expect(await items(token)).toEqual([{ id: order.id, status: "completed" }]);
  });

  it("shows a step added by a plain INSERT alone on the very next read", async () => {
    const { token } = await w.user();
    const order = await w.ordered(token, { asset: "ETH", currency: "USD", amount: "50" });
    const steps = async () => {
      const res = await w.t.post("/user/transactions-history", { token, body: {} });
      return ((await bodyOf(res)).data as unknown as History).items.flatMap((item) => ("timeline" in item ? item.timeline.map(({ step }) => step) : []));
    };
    const before = await steps();
    expect(await steps()).toEqual(before);
    const added: OrderStep = "paid";
    expect(before).not.toContain(added);
    await database.db.insert(onrampOrderSteps).values({ orderId: order.id, step: added, at: clock.now() });
    expect(await steps()).toContain(added);
  });
});

describe("tablesWritten with inserts", () => {
  it("counts a plain INSERT only for the tables asked, and any write that may change rows for all", () => {
    const insert = 'insert into "onramp_orders" ("id") values ($1)';
    expect(tablesWritten(insert, ["onramp_orders", "users"])).toEqual([]);
    expect(tablesWritten(insert, ["onramp_orders", "users"], new Set(["onramp_orders"]))).toEqual(["onramp_orders"]);
    expect(tablesWritten('insert into "users" ("id") values ($1)', ["onramp_orders", "users"], new Set(["onramp_orders"]))).toEqual([]);
    expect(tablesWritten('update "users" set "x" = 1', ["onramp_orders", "users"], new Set(["onramp_orders"]))).toEqual(["users"]);
  });
});
