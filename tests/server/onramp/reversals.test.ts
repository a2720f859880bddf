// The provider's real lifecycle (issue 24, item 6), on the default path: the sandbox's test cards
// for a card declined then retried, a payment refunded and one charged back. A success after a
// failure credits once; a refund or chargeback after a credit reverses it through the ledger (a
// debt in the buyer's receivable account for what was spent) and tells the buyer; every
// conflicting transition is kept for an operator; replays and concurrent polls change nothing
// more; the ledger's invariants hold after each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { BuyOrder } from "../../../contract/index.ts";
import { onrampReview } from "../../../server/modules/onramp/review.ts";
import { createWebhookSigner, type StoredSigningKey } from "../../../server/modules/onramp/webhook-signature.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { CHARGEBACK, DECLINE, onrampWorld, REFUND, RETRY, STEP_MS, SUCCESS, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-24T12:00:00Z");
let database: Database;
const worlds: OnrampWorld[] = [];
const world = (settings: Record<string, string> = {}) => {
  const made = onrampWorld(database, clock, settings);
  worlds.push(made);
  return made;
};

const rowsOf = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const movesOf = async (orderId: string) =>
  (await rowsOf(sql`SELECT code, amount::text AS amount FROM ledger_transfers WHERE reference = ${orderId} ORDER BY seq`)).map(
    (row) => `${row.code as string} ${row.amount as string}`,
  );
const orderRow = async (orderId: string) =>
  (
    await rowsOf(
      // Read through to_jsonb: on a schema without these columns the test fails on behaviour, not on SQL.
      sql`SELECT status, credited_at, to_jsonb(o) ->> 'reversed_at' AS reversed_at, to_jsonb(o) ->> 'debt_units' AS debt, gross_units::text AS gross, fee_units::text AS fee FROM onramp_orders o WHERE id = ${orderId}`,
    )
  )[0]!;
const reviewsOf = async (orderId: string) =>
  (await rowsOf(sql`SELECT reason, status, delivered_units::text AS units FROM onramp_deliveries_for_review WHERE order_id = ${orderId} ORDER BY id`)).map(
    (row) => `${row.reason as string} ${row.status as string}${row.units ? ` ${row.units as string}` : ""}`,
  );
const mailsTo = async (userId: string) =>
  rowsOf(sql`SELECT o.subject, o.text FROM outbox o JOIN users u ON u.email = o.to WHERE u.id = ${userId} AND o.kind = 'onrampReversed' ORDER BY o.seq`);
const sandboxIdOf = (order: BuyOrder) => new URL(order.paymentUrl!, "http://x").pathname.split("/").at(-1)!;
const post = (w: OnrampWorld, body: unknown) =>
  w.t.app.request("/webhooks/onramp", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const sound = { unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] };

/** The sandbox's webhooks into the app. */
const connected = (w: OnrampWorld) => {
  w.onramp.connect(async (body) => (await post(w, body)).ok);
  return w;
};

/** Signs claims with the sandbox's own key: they are the provider's word. */
async function claimsFor(w: OnrampWorld, order: BuyOrder) {
  await w.onramp.sandbox!.jwks();
  const stored = (
    await rowsOf(sql`SELECT kid, private_jwk AS "privateJwk", public_jwk AS "publicJwk" FROM onramp_sandbox_keys ORDER BY created_at LIMIT 1`)
  )[0] as unknown as StoredSigningKey;
  const signer = await createWebhookSigner(clock.now, stored);
  return (status: string, extra: Record<string, unknown> = {}) =>
    signer.sign({ orderId: sandboxIdOf(order), externalId: order.id, status, at: clock.now().toISOString(), ...extra });
}

/** What the order credited: the buyer's part and the fee. */
const creditOf = async (orderId: string) => {
  const row = await orderRow(orderId);
  return { net: BigInt(row.gross as string) - BigInt(row.fee as string), fee: BigInt(row.fee as string) };
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const made of worlds) made.stop();
  await database.close();
});

describe("a success after a failure credits, once", () => {
  it("the sandbox's retry card: declined (failed), then the provider's retry goes through and is credited once", async () => {
    const w = connected(world());
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    // The payment page names the new cards, in both languages.
    for (const lang of ["en", "ar"]) {
      const page = await (await w.t.app.request(`${new URL(order.paymentUrl!, "http://x").pathname}?lang=${lang}`)).text();
      for (const card of [RETRY, REFUND, CHARGEBACK]) expect(page).toContain(card);
    }
    expect((await w.pay(order, RETRY)).status).toBe(303);
    await w.run(0);
    await w.onramp.tick();
    expect(await orderRow(order.id)).toMatchObject({ status: "failed", credited_at: null });
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    await w.run(STEP_MS);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    const { net, fee } = await creditOf(order.id);
    expect(await w.balance(buyer.id, "BTC")).toBe(net);
    expect(await movesOf(order.id)).toEqual([`onramp.buy ${net}`, `onramp.fee ${fee}`]);
    const { body } = await w.status(buyer.token, order.id);
    expect((body.data as BuyOrder).status).toBe("completed");
    expect((body.data as BuyOrder).timeline.map((step) => step.step)).toEqual(["created", "failed", "completed"]);
    expect(await reviewsOf(order.id)).toEqual([`transitionApplied completed ${(await orderRow(order.id)).gross as string}`]);
    // The reconciler leaves a final order alone: nothing more is asked or moved.
    await w.onramp.reconcile();
    await w.run(5 * STEP_MS);
    expect(await movesOf(order.id)).toHaveLength(2);
    expect(await w.ledger.check()).toMatchObject(sound);
  });
});

describe("a refund or chargeback after a credit reverses it", () => {
  it("the sandbox's refund card: completed and credited, then refunded — taken back through the ledger, the buyer told, an operator sees it", async () => {
    const w = connected(world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "3" }));
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    expect((await w.pay(order, REFUND)).status).toBe(303);
    await w.run(2 * STEP_MS);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed", reversed_at: null });
    const { net, fee } = await creditOf(order.id);
    expect(await w.balance(buyer.id, "BTC")).toBe(net);
    await w.run(STEP_MS);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", debt: null });
    expect((await orderRow(order.id)).reversed_at).not.toBeNull();
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    expect(await w.ledger.debts(buyer.id)).toEqual([]);
    expect(await movesOf(order.id)).toEqual([`onramp.buy ${net}`, `onramp.fee ${fee}`, `onramp.reversal ${net}`, `onramp.feeReversal ${fee}`]);
    expect(await reviewsOf(order.id)).toEqual(["transitionApplied refunded"]);
    const { body } = await w.status(buyer.token, order.id);
    expect((body.data as BuyOrder).status).toBe("refunded");
    expect((body.data as BuyOrder).timeline.map((step) => step.step)).toEqual(["created", "paid", "processing", "completed", "refunded"]);
    await w.mail.idle();
    const mails = await mailsTo(buyer.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("BTC");
    expect(mails[0]!.text).toContain("refunded to your card");
    expect(mails[0]!.text).not.toContain("owe");
    expect(await w.ledger.check()).toMatchObject(sound);
  });

  it("a chargeback after the buyer spent part of the credit: what is left is taken back, the rest is a debt in the receivable account", async () => {
    const w = connected(world());
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    expect((await w.pay(order, CHARGEBACK)).status).toBe(303);
    await w.run(2 * STEP_MS);
    const { net, fee } = await creditOf(order.id);
    expect(await w.balance(buyer.id, "BTC")).toBe(net);
    // The buyer moves 60% away (a trade, a withdrawal) before the chargeback arrives.
    const spent = (net * 6n) / 10n;
    await w.ledger.transfer({
      key: `spend-${order.id}`,
      debit: await w.ledger.userAccount(buyer.id, "BTC"),
      credit: await w.ledger.houseAccount("treasury", "BTC"),
      asset: "BTC",
      amount: spent,
      code: "test.spend",
    });
    await w.run(STEP_MS);
    expect(await orderRow(order.id)).toMatchObject({ status: "chargedBack", debt: String(spent) });
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    expect(await w.ledger.debts(buyer.id)).toEqual([{ asset: "BTC", owed: spent }]);
    expect(await movesOf(order.id)).toEqual([
      `onramp.buy ${net}`,
      `onramp.fee ${fee}`,
      `onramp.reversal ${net - spent}`,
      `onramp.debt ${spent}`,
      `onramp.feeReversal ${fee}`,
    ]);
    expect(await reviewsOf(order.id)).toEqual(["transitionApplied chargedBack", `reversalLeftDebt chargedBack ${spent}`]);
    await w.mail.idle();
    const [mail] = await mailsTo(buyer.id);
    expect(mail!.text).toContain("charged back by your bank");
    expect(mail!.text).toContain("you now owe");
    // What an operator sees (npm run ops:onramp): the debt, and the rows until resolved.
    const review = onrampReview(database.db);
    expect(await review.debts()).toContainEqual({ orderId: order.id, userId: buyer.id, asset: "BTC", status: "chargedBack", debtUnits: spent });
    const kept = (await review.open()).filter((row) => row.orderId === order.id);
    expect(kept.map((row) => row.reason).sort()).toEqual(["reversalLeftDebt", "transitionApplied"]);
    expect(await review.resolve(kept[0]!.id, clock.now())).toBe(true);
    expect(await review.resolve(kept[0]!.id, clock.now())).toBe(false);
    expect((await review.open()).filter((row) => row.orderId === order.id)).toHaveLength(1);
    // The debt is no user balance below zero: the ledger's invariants hold, every asset nets to zero.
    expect(await w.ledger.check()).toMatchObject(sound);
  });

  it("20 replays of the refund webhook and 20 status polls at once reverse exactly once", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const claims = await claimsFor(w, order);
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    await w.run(2 * STEP_MS);
    expect((await post(w, await claims("completed"))).status).toBe(200);
    const { net } = await creditOf(order.id);
    expect(await w.balance(buyer.id, "BTC")).toBe(net);
    const refund = await claims("refunded");
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, async () => (await post(w, refund)).status),
      ...Array.from({ length: 20 }, () => w.status(buyer.token, order.id).then(({ res }) => res.status)),
    ]);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
    expect((await movesOf(order.id)).filter((move) => move.startsWith("onramp.reversal"))).toEqual([`onramp.reversal ${net}`]);
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    await w.mail.idle();
    expect(await mailsTo(buyer.id)).toHaveLength(1);
    expect(await w.ledger.check()).toMatchObject(sound);
  });
});

describe("conflicting transitions are kept for an operator, never applied blindly", () => {
  it("a success after a refund credits nothing again; a chargeback after a refund reverses nothing twice; a failure after a credit undoes nothing", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const claims = await claimsFor(w, order);
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    await w.run(2 * STEP_MS);
    expect((await post(w, await claims("completed"))).status).toBe(200);
    expect((await post(w, await claims("failed"))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    expect((await post(w, await claims("refunded"))).status).toBe(200);
    const moves = await movesOf(order.id);
    expect((await post(w, await claims("completed", { asset: "BTC", deliveredUnits: (await orderRow(order.id)).gross }))).status).toBe(200);
    expect((await post(w, await claims("chargedBack"))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
    expect(await movesOf(order.id)).toEqual(moves);
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    expect(await reviewsOf(order.id)).toEqual([
      "transitionIgnored failed",
      "transitionApplied refunded",
      `transitionIgnored completed ${(await orderRow(order.id)).gross as string}`,
      "transitionIgnored chargedBack",
    ]);
    expect(await w.ledger.check()).toMatchObject(sound);
  });

  it("a refund of an order never credited: under way it ends refunded with nothing moved; after a decline it is kept for an operator", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    const buyer = await w.user();
    const open = await w.ordered(buyer.token);
    const openClaims = await claimsFor(w, open);
    expect((await post(w, await openClaims("processing"))).status).toBe(200);
    expect((await post(w, await openClaims("refunded"))).status).toBe(200);
    expect(await orderRow(open.id)).toMatchObject({ status: "refunded", credited_at: null, reversed_at: null });
    expect(await reviewsOf(open.id)).toEqual([]);
    const declined = await w.ordered(buyer.token);
    const declinedClaims = await claimsFor(w, declined);
    expect((await w.pay(declined, DECLINE)).status).toBe(303);
    expect((await post(w, await declinedClaims("failed"))).status).toBe(200);
    expect((await post(w, await declinedClaims("refunded"))).status).toBe(200);
    expect(await orderRow(declined.id)).toMatchObject({ status: "failed", credited_at: null });
    expect(await reviewsOf(declined.id)).toEqual(["transitionIgnored refunded"]);
    expect([...(await movesOf(open.id)), ...(await movesOf(declined.id))]).toEqual([]);
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    expect(await w.ledger.check()).toMatchObject(sound);
  });
});
