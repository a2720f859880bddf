// The provider's webhooks against the real app and database: duplicates, out-of-order delivery,
// forged, foreign and expired signatures; and the two other roads to settlement (the status poll
// and the reconciler) — each order is credited exactly once whichever way, and however often, the
// news arrives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { BuyOrder } from "../../../contract/index.ts";
import { createWebhookSigner, type StoredSigningKey } from "../../../server/modules/onramp/webhook-signature.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, STEP_MS, SUCCESS, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
const worlds: OnrampWorld[] = [];
const world = (settings: Record<string, string>) => {
  const made = onrampWorld(database, clock, settings);
  worlds.push(made);
  return made;
};

const rowsOf = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const creditsOf = async (orderId: string) => rowsOf(sql`SELECT code, amount::text AS amount FROM ledger_transfers WHERE reference = ${orderId} ORDER BY code`);
const orderRow = async (orderId: string) => (await rowsOf(sql`SELECT status, credited_at FROM onramp_orders WHERE id = ${orderId}`))[0]!;
const stepsOf = async (orderId: string) =>
  (await rowsOf(sql`SELECT step FROM onramp_order_steps WHERE order_id = ${orderId} ORDER BY at, step`)).map((row) => row.step);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const made of worlds) made.stop();
  await database.close();
});

/** A paid order, left to run through its steps without anyone asking about it. */
async function paidOrder(w: OnrampWorld) {
  const buyer = await w.user();
  const order = await w.ordered(buyer.token);
  expect((await w.pay(order, SUCCESS)).status).toBe(303);
  await w.run(4 * STEP_MS);
  return { buyer, order };
}

describe("webhooks", () => {
  it("ten copies of every webhook: one credit", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "10" });
    let delivered = 0;
    w.onramp.connect(async (body) => {
      delivered++;
      return (await w.t.app.request("/webhooks/onramp", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } })).ok;
    });
    const { buyer, order } = await paidOrder(w);
    expect(delivered).toBe(30);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    const credits = await creditsOf(order.id);
    expect(credits.map((row) => row.code)).toEqual(["onramp.buy", "onramp.fee"]);
    expect(await w.balance(buyer.id, "BTC")).toBe(BigInt(credits[0]!.amount as string));
  });

  it("out of order (completed first, then processing, then paid): the final status wins, the timeline is whole", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_ORDER: "reversed" });
    const { buyer, order } = await paidOrder(w);
    // Held until the order was final, then sent newest first.
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    expect(await stepsOf(order.id)).toEqual(["created", "paid", "processing", "completed"]);
    expect(await creditsOf(order.id)).toHaveLength(2);
    expect(await w.balance(buyer.id, "BTC")).toBeGreaterThan(0n);
  });

  describe("signatures", () => {
    let w: OnrampWorld;
    let order: BuyOrder;
    let stored: StoredSigningKey;
    const claims = (status: string) => ({
      orderId: new URL(order.paymentUrl!, "http://x").pathname.split("/").at(-1),
      externalId: order.id,
      status,
      asset: "BTC",
      deliveredUnits: "100000",
      at: clock.now().toISOString(),
    });
    const send = (body: unknown) =>
      w.t.app.request("/webhooks/onramp", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

    beforeAll(async () => {
      w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
      order = await w.ordered((await w.user()).token);
      await w.onramp.sandbox!.jwks();
      stored = (
        await rowsOf(sql`SELECT kid, private_jwk AS "privateJwk", public_jwk AS "publicJwk" FROM onramp_sandbox_keys ORDER BY created_at LIMIT 1`)
      )[0] as unknown as StoredSigningKey;
    });

    it.each([
      [
        "a changed payload",
        async () => ({
          ...(await (await createWebhookSigner(clock.now, stored)).sign(claims("failed"))),
          payload: (await (await createWebhookSigner(clock.now, stored)).sign(claims("completed"))).payload,
        }),
      ],
      ["another key", async () => (await createWebhookSigner(clock.now)).sign(claims("completed"))],
      [
        "an expired token",
        async () => (await createWebhookSigner(() => new Date(clock.now().getTime() - 3_600_000), stored)).sign(claims("completed"), { expiresInSeconds: 60 }),
      ],
      ["not a signed body", async () => ({ status: "completed", orderId: order.id })],
    ])("refuses %s with 401 and changes nothing", async (_, make) => {
      const res = await send(await make());
      expect(res.status).toBe(401);
      expect(await orderRow(order.id)).toMatchObject({ status: "pending", credited_at: null });
      expect(await creditsOf(order.id)).toHaveLength(0);
    });

    it("accepts the same claims signed by the provider's key (the refusals above were about the signature)", async () => {
      const res = await send(await (await createWebhookSigner(clock.now, stored)).sign(claims("failed")));
      expect(res.status).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ status: "failed", credited_at: null });
      // A completed after a failure credits what was delivered (the provider's lifecycle allows it: issue 24).
      const [{ gross }] = (await rowsOf(sql`SELECT gross_units::text AS gross FROM onramp_orders WHERE id = ${order.id}`)) as [{ gross: string }];
      const completed = { ...claims("completed"), deliveredUnits: gross };
      expect((await send(await (await createWebhookSigner(clock.now, stored)).sign(completed))).status).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
      expect(await creditsOf(order.id)).toHaveLength(2);
      // A failure after that changes nothing.
      expect((await send(await (await createWebhookSigner(clock.now, stored)).sign(claims("failed")))).status).toBe(200);
      expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
      expect(await creditsOf(order.id)).toHaveLength(2);
    });
  });
});

describe("without webhooks", () => {
  it("the status call asks the provider and settles; a webhook after that changes nothing", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    const { buyer, order } = await paidOrder(w);
    expect(await orderRow(order.id)).toMatchObject({ status: "pending" });
    expect((await w.status(buyer.token, order.id)).body.data).toMatchObject({ status: "completed" });
    const late = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "3" });
    await late.run(STEP_MS);
    expect(await creditsOf(order.id)).toHaveLength(2);
  });

  it("the reconciler settles every order under way, once", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    const first = await paidOrder(w);
    const second = await paidOrder(w);
    const result = await w.onramp.orders.reconcile();
    expect(result.settled).toBeGreaterThanOrEqual(2);
    for (const { order } of [first, second]) {
      expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
      expect(await creditsOf(order.id)).toHaveLength(2);
    }
    const again = await w.onramp.orders.reconcile();
    expect(again.settled).toBe(0);
    expect(await creditsOf(first.order.id)).toHaveLength(2);
    expect(await w.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });
});
