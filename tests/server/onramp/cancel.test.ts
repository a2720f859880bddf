// Cancelling a card buy not paid yet (issue 24 item 14), over HTTP against the real database and the
// sandbox provider: cancelled at the provider and here at once, idempotent under repeats and races,
// refused once paid; a payment the provider took first is settled, and one that arrives after a
// cancel is still credited — never lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { BuyOrder } from "../../../contract/index.ts";
import type { OnrampProvider } from "../../../server/modules/onramp/provider.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, STEP_MS, SUCCESS, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
const worlds: OnrampWorld[] = [];
const world = (options: Parameters<typeof onrampWorld>[3] = {}) => {
  const made = onrampWorld(database, clock, {}, options);
  worlds.push(made);
  return made;
};

const units = (value: string) => BigInt(value.replace(".", ""));
const rowsOf = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const sandboxIdOf = (order: BuyOrder) => new URL(order.paymentUrl!, "http://x").pathname.split("/").at(-1)!;
const sandboxStatus = async (order: BuyOrder) => (await rowsOf(sql`SELECT status FROM onramp_sandbox_orders WHERE id = ${sandboxIdOf(order)}`))[0]!.status;
const stepsOf = async (orderId: string) =>
  (await rowsOf(sql`SELECT step FROM onramp_order_steps WHERE order_id = ${orderId} ORDER BY at, step`)).map((row) => row.step);

async function cancel(w: OnrampWorld, token: string, orderId: unknown) {
  const res = await w.t.post("/user/swipelux/cancel", { token, body: { orderId } });
  return { res, body: await bodyOf(res) };
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const made of worlds) made.stop();
  await database.close();
});

describe("POST /user/swipelux/cancel", () => {
  it("cancels a pending order at the provider and here; its old payment page refuses the card; nothing is credited", async () => {
    const w = world();
    const { id, token } = await w.user();
    const order = await w.ordered(token);
    const { res, body } = await cancel(w, token, order.id);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const cancelled = body.data as unknown as BuyOrder;
    expect(cancelled).toMatchObject({ id: order.id, status: "cancelled", paymentUrl: null });
    expect(cancelled.timeline.map((entry) => entry.step)).toEqual(["created", "cancelled"]);
    expect(await sandboxStatus(order)).toBe("cancelled");

    // The old window: its page says it is cancelled, and paying there changes nothing.
    expect(await (await w.t.app.request(order.paymentUrl!)).text()).toContain("The payment was cancelled");
    expect((await w.pay(order, SUCCESS)).headers.get("Location")).toContain("notice=closed");
    await w.run(6 * STEP_MS);
    expect(((await w.status(token, order.id)).body.data as unknown as BuyOrder).status).toBe("cancelled");
    expect(await w.balance(id, "BTC")).toBe(0n);
  });

  it("is idempotent: repeated and concurrent cancels all answer the cancelled order, with one step", async () => {
    const w = world();
    const { token } = await w.user();
    const order = await w.ordered(token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(w, token, order.id)));
    for (const { res, body } of answers) {
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ status: "cancelled" });
    }
    expect((await cancel(w, token, order.id)).res.status).toBe(200);
    expect((await stepsOf(order.id)).sort()).toEqual(["cancelled", "created"]);
  });

  it("refuses an order already paid (409 orderNotCancellable), which goes on to be credited", async () => {
    const w = world();
    const { id, token } = await w.user();
    const order = await w.ordered(token);
    await w.pay(order, SUCCESS);
    await w.run(STEP_MS);
    expect(((await w.status(token, order.id)).body.data as unknown as BuyOrder).status).toBe("processing");
    const { res, body } = await cancel(w, token, order.id);
    expect(res.status).toBe(409);
    expect(body.data).toMatchObject({ reason: "orderNotCancellable" });
    await w.run(4 * STEP_MS);
    const done = (await w.status(token, order.id)).body.data as unknown as BuyOrder;
    expect(done.status).toBe("completed");
    expect(await w.balance(id, "BTC")).toBe(units(done.receive.value));
  });

  it("when the provider took the payment before Sarraf heard of it, settles it instead of cancelling", async () => {
    const w = world();
    const { id, token } = await w.user();
    const order = await w.ordered(token);
    // Paid in the old window; no webhook and no status poll has told Sarraf yet.
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    const { res } = await cancel(w, token, order.id);
    expect(res.status).toBe(409);
    expect((await rowsOf(sql`SELECT status FROM onramp_orders WHERE id = ${order.id}`))[0]!.status).toBe("processing");
    expect(await sandboxStatus(order)).not.toBe("cancelled");
    await w.run(6 * STEP_MS);
    const done = (await w.status(token, order.id)).body.data as unknown as BuyOrder;
    expect(done.status).toBe("completed");
    expect(await w.balance(id, "BTC")).toBe(units(done.receive.value));
  });

  it("with a provider that has no cancel call, cancels here only; a payment that still arrives is credited, not lost", async () => {
    const w = world({ provider: (sandbox) => ({ ...sandbox, cancelOrder: undefined }) as OnrampProvider });
    const { id, token } = await w.user();
    const order = await w.ordered(token);
    expect((await cancel(w, token, order.id)).body.data).toMatchObject({ status: "cancelled" });
    // The provider's page was never told: the buyer pays there after all.
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    await w.run(6 * STEP_MS);
    const done = (await w.status(token, order.id)).body.data as unknown as BuyOrder;
    expect(done.status).toBe("completed");
    expect(await w.balance(id, "BTC")).toBe(units(done.receive.value));
    expect(await w.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });

  it("when the provider's cancel fails, answers 503 and the order stays payable", async () => {
    const w = world({
      provider: (sandbox) => ({
        ...sandbox,
        cancelOrder: () => Promise.reject(new Error("provider down")),
      }),
    });
    const { token } = await w.user();
    const order = await w.ordered(token);
    const { res, body } = await cancel(w, token, order.id);
    expect(res.status).toBe(503);
    expect(body.data).toMatchObject({ reason: "onrampUnavailable" });
    const row = (await rowsOf(sql`SELECT status, payment_url FROM onramp_orders WHERE id = ${order.id}`))[0]!;
    expect(row).toMatchObject({ status: "pending", payment_url: order.paymentUrl });
  });

  it("a cancel while the provider is still making the order: the order keeps no payment page and the provider's page is cancelled too", async () => {
    let release!: () => void;
    const made = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    const w = world({
      provider: (sandbox) => ({
        ...sandbox,
        createOrder: async (request) => {
          asked();
          await made;
          return sandbox.createOrder(request);
        },
      }),
    });
    const { id, token } = await w.user();
    const buying = w.buy(token, { asset: "BTC", currency: "USD", amount: "100" });
    await asking;
    const [pending] = await rowsOf(sql`SELECT id FROM onramp_orders WHERE user_id = ${id}`);
    expect((await cancel(w, token, pending!.id)).body.data).toMatchObject({ status: "cancelled" });
    release();
    const { body } = await buying;
    const answered = body.data as unknown as BuyOrder;
    expect(answered).toMatchObject({ id: pending!.id, status: "cancelled", paymentUrl: null });
    const [row] = await rowsOf(sql`SELECT provider_order_id, payment_url FROM onramp_orders WHERE id = ${pending!.id}`);
    expect(row).toMatchObject({ provider_order_id: expect.any(String), payment_url: null });
    expect((await rowsOf(sql`SELECT status FROM onramp_sandbox_orders WHERE id = ${row!.provider_order_id}`))[0]?.status).toBe("cancelled");
    await w.run(6 * STEP_MS);
    expect(await w.balance(id, "BTC")).toBe(0n);
  });

  it("refuses another user's order (404), an id that is not one (400) and a final order (409)", async () => {
    const w = world();
    const owner = await w.user();
    const other = await w.user();
    const order = await w.ordered(owner.token);
    expect((await cancel(w, other.token, order.id)).res.status).toBe(404);
    expect((await cancel(w, owner.token, "not-an-id")).res.status).toBe(400);
    expect((await rowsOf(sql`SELECT status FROM onramp_orders WHERE id = ${order.id}`))[0]!.status).toBe("pending");
    clock.advance(31 * 60_000);
    await w.run(STEP_MS);
    const token = await owner.again();
    expect(((await w.status(token, order.id)).body.data as unknown as BuyOrder).status).toBe("expired");
    expect((await cancel(w, token, order.id)).body.data).toMatchObject({ reason: "orderNotCancellable" });
  });
});
