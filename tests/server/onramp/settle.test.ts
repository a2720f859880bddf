// What a card buy may credit, and that nothing the provider delivers is lost (issue 24, items 1, 3,
// 4 and 8): one provider order per Sarraf order however many requests race with one key and
// however slow or lost the provider's answer; a completion for a provider order the order does not
// follow credited or kept for review; only the amount the provider says it delivered credited
// (looked up when the webhook has none, as Swipelux's has none); a delivery in another asset, of
// nothing, or far from the quote held for review, not credited and not retried forever. And the
// provider's lifecycle (item 6): a success after a failure credits; a failure after a credit does not undo it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import type { BuyOrder } from "../../../contract/index.ts";
import type { CreateOrderRequest, OnrampProvider } from "../../../server/modules/onramp/provider.ts";
import { ProviderUnavailable } from "../../../server/modules/onramp/provider.ts";
import { createSwipeluxProvider } from "../../../server/modules/onramp/swipelux.ts";
import { createWebhookSigner, type StoredSigningKey, type WebhookSigner } from "../../../server/modules/onramp/webhook-signature.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { DECLINE, onrampWorld, STEP_MS, SUCCESS, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
const worlds: OnrampWorld[] = [];
const world = (settings: Record<string, string> = {}, options: Parameters<typeof onrampWorld>[3] = {}) => {
  const made = onrampWorld(database, clock, settings, options);
  worlds.push(made);
  return made;
};

const rowsOf = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const creditsOf = async (orderId: string) => rowsOf(sql`SELECT code, amount::text AS amount FROM ledger_transfers WHERE reference = ${orderId} ORDER BY code`);
const orderRow = async (orderId: string) =>
  (
    await rowsOf(
      sql`SELECT status, credited_at, to_jsonb(o) ->> 'held_at' AS held_at, provider_order_id, gross_units::text AS gross, fee_units::text AS fee, fee_basis_points AS bps FROM onramp_orders o WHERE id = ${orderId}`,
    )
  )[0]!;
const reviewsOf = async (providerOrderId: string) =>
  rowsOf(
    sql`SELECT order_id, reason, status, asset, delivered_units::text AS units FROM onramp_deliveries_for_review WHERE provider_order_id = ${providerOrderId} ORDER BY id`,
  );
const sandboxIdOf = (order: BuyOrder) => new URL(order.paymentUrl!, "http://x").pathname.split("/").at(-1)!;
const post = (w: OnrampWorld, body: unknown) =>
  w.t.app.request("/webhooks/onramp", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const feeOf = (gross: bigint, bps: number) => (gross * BigInt(bps)) / 10_000n;

/** The sandbox's own signing key: claims signed with it are the provider's. */
async function sandboxSigner(w: OnrampWorld): Promise<WebhookSigner> {
  await w.onramp.sandbox!.jwks();
  const stored = (
    await rowsOf(sql`SELECT kid, private_jwk AS "privateJwk", public_jwk AS "publicJwk" FROM onramp_sandbox_keys ORDER BY created_at LIMIT 1`)
  )[0] as unknown as StoredSigningKey;
  return createWebhookSigner(clock.now, stored);
}

/** The sandbox's webhooks into the app. */
const connected = (w: OnrampWorld) => {
  w.onramp.connect(async (body) => (await post(w, body)).ok);
  return w;
};

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const made of worlds) made.stop();
  await database.close();
});

describe("one provider order per Sarraf order (item 1)", () => {
  it("15 keys × 10 concurrent sendOrder with a slow provider: each order asks the provider once, every answer has its one payment page", async () => {
    // A provider that is slow and makes a new order on every call (it does not know the external id).
    const calls = new Map<string, number>();
    const slow = (): OnrampProvider => ({
      name: "sandbox",
      async createOrder(request: CreateOrderRequest) {
        calls.set(request.externalId, (calls.get(request.externalId) ?? 0) + 1);
        await sleep(150);
        const id = crypto.randomUUID();
        return { providerOrderId: id, paymentUrl: `https://pay.test/${id}` };
      },
      getOrder: () => Promise.reject(new ProviderUnavailable("not asked in this test")),
      verifyWebhook: () => Promise.reject(new Error("not asked in this test")),
    });
    const w = world({}, { provider: slow });
    const buyer = await w.user();
    const keys = Array.from({ length: 15 }, (_, i) => `race-${i}-${crypto.randomUUID()}`);
    const answers = await Promise.all(
      keys.flatMap((key) =>
        Array.from({ length: 10 }, async () => {
          const { res, body } = await w.buy(buyer.token, { asset: "BTC", currency: "USD", amount: "100", idempotencyKey: key });
          expect(res.status, JSON.stringify(body)).toBe(200);
          return { key, order: body.data as unknown as BuyOrder };
        }),
      ),
    );
    for (const key of keys) {
      const mine = answers.filter((answer) => answer.key === key).map((answer) => answer.order);
      const ids = new Set(mine.map((order) => order.id));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      expect(calls.get(id!)).toBe(1);
      const row = (await rowsOf(sql`SELECT provider_order_id, payment_url FROM onramp_orders WHERE id = ${id!}`))[0]!;
      // Every caller waited for the one answer: the same payment page, the one the order follows.
      expect(new Set(mine.map((order) => order.paymentUrl))).toEqual(new Set([row.payment_url]));
      expect(row.payment_url).toBe(`https://pay.test/${String(row.provider_order_id)}`);
    }
    expect([...calls.values()].reduce((a, b) => a + b, 0)).toBe(15);
  });

  it("a lost answer keeps the order: asking again with the key finds the same provider order, and its completion is credited", async () => {
    // The sandbox makes the order, then the answer is lost on the way back (once).
    let lost = 0;
    const asked: string[] = [];
    const losing = (sandbox: OnrampProvider): OnrampProvider => ({
      ...sandbox,
      async createOrder(request) {
        asked.push(request.externalId);
        const created = await sandbox.createOrder(request);
        if (lost++ === 0) throw new ProviderUnavailable("timed out");
        return created;
      },
    });
    const w = connected(world({}, { provider: losing }));
    const buyer = await w.user();
    const body = { asset: "BTC", currency: "USD", amount: "100", idempotencyKey: `lost-${crypto.randomUUID()}` };
    expect((await w.buy(buyer.token, body)).res.status).toBe(503);
    const again = await w.buy(buyer.token, body);
    expect(again.res.status).toBe(200);
    const order = again.body.data as unknown as BuyOrder;
    // The order the lost answer was for is the one answered now (its provider order may be paid).
    expect(asked).toEqual([order.id, order.id]);
    expect(Number((await rowsOf(sql`SELECT count(*)::int AS n FROM onramp_sandbox_orders WHERE external_id = ${order.id}`))[0]!.n)).toBe(1);
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    await w.run(4 * STEP_MS);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    expect(await creditsOf(order.id)).toHaveLength(2);
  });

  it("a completion for a provider order the order does not follow: credited while the order is open, kept for review once it is settled", async () => {
    const w = connected(world());
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const followed = sandboxIdOf(order);
    // A second page for the same order (as the race above used to make): the buyer pays that one.
    const [other] = await rowsOf(
      sql`INSERT INTO onramp_sandbox_orders (external_id, asset, currency, fiat_cents, crypto_units, decimals, locale, status, expires_at, created_at, updated_at)
          SELECT external_id, asset, currency, fiat_cents, crypto_units, decimals, locale, status, expires_at, created_at, updated_at
          FROM onramp_sandbox_orders WHERE id = ${followed} RETURNING id`,
    );
    const otherId = String(other!.id);
    expect((await w.pay({ ...order, paymentUrl: `/onramp/sandbox/pay/${otherId}` }, SUCCESS)).status).toBe(303);
    await w.run(4 * STEP_MS);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed", provider_order_id: otherId });
    const credits = await creditsOf(order.id);
    expect(credits).toHaveLength(2);
    expect(await w.balance(buyer.id, "BTC")).toBe(BigInt(credits[0]!.amount as string));

    // Then the first page is paid too: not credited twice, but kept for a person (never 200-and-forget).
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    await w.run(4 * STEP_MS);
    expect(await creditsOf(order.id)).toHaveLength(2);
    expect(await reviewsOf(followed)).toMatchObject([{ order_id: order.id, reason: "notFollowed", status: "completed", asset: "BTC" }]);
    expect(await w.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });

  it("a signed completion for a provider order no Sarraf order has is kept for review", async () => {
    const w = connected(world());
    const [stray] = await rowsOf(
      sql`INSERT INTO onramp_sandbox_orders (external_id, asset, currency, fiat_cents, crypto_units, decimals, locale, status, expires_at, created_at, updated_at)
          VALUES (${crypto.randomUUID()}, 'BTC', 'USD', 10000, 137000, 8, 'en', 'pending', ${new Date(clock.now().getTime() + 3_600_000)}, ${clock.now()}, ${clock.now()}) RETURNING id`,
    );
    const id = String(stray!.id);
    expect((await w.onramp.sandbox!.pay(id, { number: SUCCESS, expiry: "12/30", cvc: "123" })).kind).toBe("accepted");
    await w.run(4 * STEP_MS);
    expect(await reviewsOf(id)).toMatchObject([{ order_id: null, reason: "unknownOrder", status: "completed", asset: "BTC", units: "137000" }]);
  });
});

describe("only what the provider delivered is credited (item 3)", () => {
  it("a Swipelux webhook without an amount: the order is looked up and its delivered amount credited, not the estimate", async () => {
    const signer = await createWebhookSigner(clock.now);
    const made = new Map<string, { externalId: string; estimate: bigint }>();
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    // Swipelux delivers 2% less than Sarraf's estimate (its own rate and fees).
    const deliveredOf = (estimate: bigint) => (estimate * 98n) / 100n;
    const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/webhookKeys")) return answer(signer.jwks());
      if (url.endsWith("/api/orders/createPrepared")) {
        const { externalId } = JSON.parse(String(init!.body)) as { externalId: string };
        const orderId = `ord_${made.size + 1}${externalId.slice(0, 4)}`;
        const [row] = await rowsOf(sql`SELECT gross_units::text AS gross FROM onramp_orders WHERE id = ${externalId}`);
        made.set(orderId, { externalId, estimate: BigInt(String(row!.gross)) });
        return answer({ orderId, orderToken: "otk", ascUrl: `https://track.swipelux.test/?o=${orderId}` });
      }
      const orderId = decodeURIComponent(url.split("/").at(-1)!);
      const order = made.get(orderId)!;
      const units = deliveredOf(order.estimate).toString().padStart(9, "0");
      return new Response(
        `{"orderId":"${orderId}","externalId":"${order.externalId}","status":"SUCCESS","createdAt":"2026-11-23T12:00:00Z","completedAt":"2026-11-23T12:04:00Z",` +
          `"from":{"amount":100,"currency":{"code":"USD"}},"to":{"amount":${units.slice(0, -8)}.${units.slice(-8)},"currency":{"code":"BTC"}}}`,
        { status: 200 },
      );
    }) as typeof fetch;
    const w = world(
      {},
      {
        provider: () =>
          createSwipeluxProvider({
            apiUrl: "https://api.swipelux.test",
            apiKey: "sk_test",
            webhookKeysUrl: "https://api.swipelux.test/api/merchants/webhookKeys",
            assets: { BTC: { currency: "BTC", decimals: 8, targetAddress: "bc1qtreasury" } },
            fetch: fakeFetch,
            now: clock.now,
          }),
      },
    );
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const [providerOrderId, { estimate }] = [...made.entries()].find(([, value]) => value.externalId === order.id)!;
    // Swipelux's documented webhook: status, externalId, orderId, eventTs; no amount.
    const res = await post(w, await signer.sign({ orderId: providerOrderId, externalId: order.id, status: "SUCCESS", eventTs: clock.now().getTime() }));
    expect(res.status).toBe(200);
    const delivered = deliveredOf(estimate);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "completed", gross: delivered.toString() });
    const fee = feeOf(delivered, Number(row.bps));
    expect(await creditsOf(order.id)).toEqual([
      { code: "onramp.buy", amount: (delivered - fee).toString() },
      { code: "onramp.fee", amount: fee.toString() },
    ]);
    expect(await w.balance(buyer.id, "BTC")).toBe(delivered - fee);
  });

  it("the sandbox's webhook carries no amount either (as Swipelux's): the default path credits the looked-up amount", async () => {
    const w = world();
    const sent: Record<string, unknown>[] = [];
    w.onramp.connect(async (body) => {
      sent.push(JSON.parse(Buffer.from((body as { payload: string }).payload, "base64url").toString()) as Record<string, unknown>);
      return (await post(w, body)).ok;
    });
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const id = sandboxIdOf(order);
    // The sandbox delivers 1% less than it was asked for.
    await rowsOf(sql`UPDATE onramp_sandbox_orders SET crypto_units = crypto_units * 99 / 100 WHERE id = ${id}`);
    const [{ units }] = (await rowsOf(sql`SELECT crypto_units::text AS units FROM onramp_sandbox_orders WHERE id = ${id}`)) as [{ units: string }];
    expect((await w.pay(order, SUCCESS)).status).toBe(303);
    await w.run(4 * STEP_MS);
    const completed = sent.find((claims) => claims.status === "completed" && claims.orderId === id);
    expect(completed).toBeDefined();
    expect(completed).not.toHaveProperty("deliveredUnits");
    expect(await orderRow(order.id)).toMatchObject({ status: "completed", gross: units });
  });
});

describe("deliveries that do not fit the order are held for review, not credited (items 4 and 8)", () => {
  let w: OnrampWorld;
  let signer: WebhookSigner;
  beforeAll(async () => {
    w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    signer = await sandboxSigner(w);
  });
  const completion = (order: BuyOrder, extra: Record<string, unknown>) =>
    signer.sign({ orderId: sandboxIdOf(order), externalId: order.id, status: "completed", at: clock.now().toISOString(), ...extra });

  it.each([
    ["another asset (0.05 ETH for a BTC order)", { asset: "ETH", deliveredUnits: "50000000000000000" }, "otherAsset"],
    ["1,000 times the quote", { asset: "BTC", deliveredUnits: "x1000" }, "outsideTolerance"],
    ["half the quote", { asset: "BTC", deliveredUnits: "x0.5" }, "outsideTolerance"],
    ['nothing ("0")', { asset: "BTC", deliveredUnits: "0" }, "nothingDelivered"],
  ])("%s: answered 200, nothing credited, kept for review, the order held and not asked about again", async (_, claims, reason) => {
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const gross = BigInt((await orderRow(order.id)).gross as string);
    const units =
      claims.deliveredUnits === "x1000" ? (gross * 1000n).toString() : claims.deliveredUnits === "x0.5" ? (gross / 2n).toString() : claims.deliveredUnits;
    for (let copy = 0; copy < 3; copy++) expect((await post(w, await completion(order, { ...claims, deliveredUnits: units }))).status).toBe(200);
    expect(await creditsOf(order.id)).toHaveLength(0);
    expect(await w.balance(buyer.id, "BTC")).toBe(0n);
    const row = await orderRow(order.id);
    expect(row.credited_at).toBeNull();
    expect(row.held_at).not.toBeNull();
    expect(await reviewsOf(sandboxIdOf(order))).toEqual([{ order_id: order.id, reason, status: "completed", asset: claims.asset, units }]);
    // The reconciler and the status poll leave it to a person: no error, no credit.
    await w.onramp.orders.reconcile();
    expect((await w.status(buyer.token, order.id)).res.status).toBe(200);
    expect(await creditsOf(order.id)).toHaveLength(0);
    expect(await w.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });

  it("an amount within the tolerance (2% short) is credited as delivered", async () => {
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    const row = await orderRow(order.id);
    const delivered = (BigInt(row.gross as string) * 98n) / 100n;
    expect((await post(w, await completion(order, { asset: "BTC", deliveredUnits: delivered.toString() }))).status).toBe(200);
    const fee = feeOf(delivered, Number(row.bps));
    expect(await w.balance(buyer.id, "BTC")).toBe(delivered - fee);
    expect(await reviewsOf(sandboxIdOf(order))).toEqual([]);
  });

  it("the tolerance is a setting: 0 holds even one unit more than the quote", async () => {
    const strict = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0", ONRAMP_DELIVERY_TOLERANCE_BPS: "0" });
    const buyer = await strict.user();
    const order = await strict.ordered(buyer.token);
    const gross = BigInt((await orderRow(order.id)).gross as string);
    expect((await post(strict, await completion(order, { asset: "BTC", deliveredUnits: (gross + 1n).toString() }))).status).toBe(200);
    expect(await creditsOf(order.id)).toHaveLength(0);
    expect(await reviewsOf(sandboxIdOf(order))).toMatchObject([{ reason: "outsideTolerance" }]);
  });
});

describe("the provider's lifecycle (item 6)", () => {
  it("a success after a failure (declined, then the payment went through) credits what was delivered, once", async () => {
    const w = world({ ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
    const signer = await sandboxSigner(w);
    const buyer = await w.user();
    const order = await w.ordered(buyer.token);
    expect((await w.pay(order, DECLINE)).status).toBe(303);
    const claims = (status: string, extra: Record<string, unknown> = {}) =>
      signer.sign({ orderId: sandboxIdOf(order), externalId: order.id, status, at: clock.now().toISOString(), ...extra });
    expect((await post(w, await claims("failed"))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "failed", credited_at: null });
    const row = await orderRow(order.id);
    for (let copy = 0; copy < 2; copy++) {
      expect((await post(w, await claims("completed", { asset: "BTC", deliveredUnits: row.gross }))).status).toBe(200);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    const fee = feeOf(BigInt(row.gross as string), Number(row.bps));
    expect(await w.balance(buyer.id, "BTC")).toBe(BigInt(row.gross as string) - fee);
    // Then a failure again: the credit stands.
    expect((await post(w, await claims("failed"))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "completed" });
    expect(await creditsOf(order.id)).toHaveLength(2);
    expect(await w.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });
});
