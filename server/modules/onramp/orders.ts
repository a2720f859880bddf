// Card buys: creating an order with the provider, following it, and settling it exactly once.
// Settling is one transaction: the order row is locked, its status moves only forward (the first
// final status wins; a late or repeated webhook changes nothing), and a completed order credits
// the buyer and the fees account through the ledger with idempotency keys derived from the order —
// a second guard, should anything ever settle twice. The reconciler asks the provider about every
// order still under way, so a crash between the provider's success and the credit loses nothing.
//
// One provider order per Sarraf order: the right to ask the provider is claimed in the database
// first (a conditional UPDATE, so one caller at a time however many servers and requests race), and
// Sarraf's order id goes to the provider as its external id, so asking again after a lost answer
// finds the same provider order where the provider supports it. Every completion the provider signs
// is either credited to its order or kept in onramp_deliveries_for_review with an alert in the log:
// none is answered and forgotten. Only what the provider says it delivered is credited (looked up
// when the news carries no amount), in the order's own asset, within a tolerance of the quote.
import { createHash } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, lte, or, isNull, sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { isFinalOrderStatus, type OrderStep } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import type { Ledger } from "../ledger/index.ts";
import { MAPPING, OrderConflict, OrderUnavailable, RANK } from "./order-status.ts";
import type { OnrampProvider, ProviderOrder } from "./provider.ts";

export { OrderConflict, OrderUnavailable };
import { feeOf, type BuyFigures } from "./figures.ts";
import { onrampDeliveriesForReview, onrampOrders, onrampOrderSteps, type DeliveryReviewReason, type OnrampOrderRow } from "./schema.ts";

export interface NewOrder {
  userId: string;
  email: string;
  locale: "en" | "ar";
  idempotencyKey: string;
  /** The request as the key remembers it. */
  request: Record<string, string>;
  asset: string;
  currency: string;
  decimals: number;
  price: string;
  feeBasisPoints: number;
  figures: BuyFigures;
}

export interface OrdersOptions {
  db: Db;
  ledger: Ledger;
  provider: OnrampProvider;
  logger: Logger;
  now: () => Date;
  orderTtlMinutes: number;
  /** The status call asks the provider at most this often per order. */
  checkEveryMs?: number;
  /** How far a delivered amount may be from the quote (basis points of it) and still be credited. */
  deliveryToleranceBps?: number;
  /** A claim to ask the provider lapses after this long (the claimer died): another caller may ask again. */
  claimMs?: number;
  /** How long (wall clock) a second caller with the same key waits for the first caller's answer. */
  waitMs?: number;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How many open orders the reconciler reads at a time. */
const RECONCILE_PAGE = 500;

export function createOrders({
  db,
  ledger,
  provider,
  logger,
  now,
  orderTtlMinutes,
  checkEveryMs = 2_000,
  deliveryToleranceBps = 300,
  claimMs = 60_000,
  waitMs = 5_000,
}: OrdersOptions) {
  const hashOf = (request: Record<string, string>) =>
    createHash("sha256")
      .update(JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b))))
      .digest("hex");

  async function byKey(userId: string, key: string) {
    const [row] = await db
      .select()
      .from(onrampOrders)
      .where(and(eq(onrampOrders.userId, userId), eq(onrampOrders.idempotencyKey, key)));
    return row ?? null;
  }

  /**
   * Creates the order (or answers the one its key made); the provider is asked outside any
   * transaction, by one caller at a time:
   *
   * - The order row is made first (one per key: the unique index decides a race).
   * - A caller may ask the provider only after claiming the row (`provider_claimed_at`, a
   *   conditional UPDATE that succeeds for one caller while the row has no provider order and no
   *   live claim). The claimer writes the provider order back only where none is recorded yet.
   * - Every other caller with the key waits (up to `waitMs`) for the claimer's answer and returns
   *   it; if it is still not there, it answers the order without a payment URL (the client asks
   *   again with the same key and gets it). It never asks the provider itself while the claim lives.
   * - A failed or lost answer releases the claim and keeps the order (it may exist at the
   *   provider: its completion still finds this order by the external id); the same key asks
   *   again with the same external id. A claimer that died leaves a claim that lapses after
   *   `claimMs`; an order never sent expires as before.
   */
  async function create(order: NewOrder): Promise<OnrampOrderRow> {
    const requestHash = hashOf(order.request);
    const existing = await byKey(order.userId, order.idempotencyKey);
    if (existing && existing.requestHash !== requestHash) throw new OrderConflict();
    const at = now();
    const row =
      existing ??
      (await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(onrampOrders)
          .values({
            userId: order.userId,
            idempotencyKey: order.idempotencyKey,
            requestHash,
            provider: provider.name,
            asset: order.asset,
            currency: order.currency,
            fiatCents: order.figures.fiatCents,
            grossUnits: order.figures.grossUnits,
            feeUnits: order.figures.feeUnits,
            decimals: order.decimals,
            price: order.price,
            feeBasisPoints: order.feeBasisPoints,
            status: "pending",
            expiresAt: new Date(at.getTime() + orderTtlMinutes * 60_000),
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning();
        if (made) await tx.insert(onrampOrderSteps).values({ orderId: made.id, step: "created", at });
        return made;
      }));
    // Two requests with one key at once: the other made it; answer that one.
    if (!row) return create(order);
    return sent(row, order);
  }

  const sentAlready = (row: OnrampOrderRow) => row.paymentUrl !== null || row.providerOrderId !== null || isFinalOrderStatus(row.status);

  /** The order with its provider order: asked for by this caller if it wins the claim, else waited for. */
  async function sent(first: OnrampOrderRow, order: NewOrder): Promise<OnrampOrderRow> {
    const until = Date.now() + waitMs;
    let row: OnrampOrderRow | undefined = first;
    for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
      if (!row) throw new OrderUnavailable();
      if (sentAlready(row)) return row;
      const at = now();
      const [claimed] = await db
        .update(onrampOrders)
        .set({ providerClaimedAt: at })
        .where(
          and(
            eq(onrampOrders.id, row.id),
            isNull(onrampOrders.providerOrderId),
            eq(onrampOrders.status, "pending"),
            or(isNull(onrampOrders.providerClaimedAt), lte(onrampOrders.providerClaimedAt, new Date(at.getTime() - claimMs))),
          ),
        )
        .returning();
      if (claimed) return ask(claimed, order);
      // Another caller is asking the provider: its answer, or (past the wait) the order without a payment URL yet.
      if (Date.now() >= until) return row;
      await sleep(wait);
      [row] = await db.select().from(onrampOrders).where(eq(onrampOrders.id, row.id));
    }
  }

  /** Asks the provider for the order (this caller holds the claim) and records its answer where none is. */
  async function ask(row: OnrampOrderRow, order: NewOrder): Promise<OnrampOrderRow> {
    let created;
    try {
      created = await provider.createOrder({
        externalId: row.id,
        asset: row.asset,
        currency: row.currency,
        fiatCents: row.fiatCents,
        cryptoUnits: row.grossUnits,
        cryptoDecimals: row.decimals,
        feeUnits: row.feeUnits,
        email: order.email,
        locale: order.locale,
      });
    } catch (error) {
      logger.warn("onramp.createFailed", { provider: provider.name, orderId: row.id, ...errorFields(error) });
      // The order stays (the provider may have made it and the answer was lost: its completion
      // still finds this order); the claim goes, so the same key may ask again.
      await db
        .update(onrampOrders)
        .set({ providerClaimedAt: null })
        .where(and(eq(onrampOrders.id, row.id), isNull(onrampOrders.providerOrderId), eq(onrampOrders.providerClaimedAt, row.providerClaimedAt!)));
      throw new OrderUnavailable();
    }
    const [updated] = await db
      .update(onrampOrders)
      .set({ providerOrderId: created.providerOrderId, paymentUrl: created.paymentUrl, checkedAt: now(), updatedAt: now() })
      .where(and(eq(onrampOrders.id, row.id), isNull(onrampOrders.providerOrderId)))
      .returning();
    if (updated) return updated;
    // Recorded meanwhile: by a webhook naming this order (the same provider order), or by a caller
    // whose lapsed claim was taken over (another provider order, which is then not followed).
    const [current] = await db.select().from(onrampOrders).where(eq(onrampOrders.id, row.id));
    if (!current) throw new OrderUnavailable();
    if (current.providerOrderId !== created.providerOrderId) {
      logger.error("onramp.providerOrderNotFollowed", { provider: provider.name, orderId: row.id, providerOrderId: created.providerOrderId });
      return current;
    }
    if (current.paymentUrl === null && current.status === "pending") {
      const [withUrl] = await db
        .update(onrampOrders)
        .set({ paymentUrl: created.paymentUrl, updatedAt: now() })
        .where(and(eq(onrampOrders.id, row.id), eq(onrampOrders.status, "pending")))
        .returning();
      return withUrl ?? current;
    }
    return current;
  }

  /** Keeps a delivery that is not credited for a person to resolve, once per provider order and reason, and alerts. */
  async function keep(tx: Tx | Db, orderId: string | null, event: ProviderOrder, reason: DeliveryReviewReason): Promise<void> {
    const [kept] = await tx
      .insert(onrampDeliveriesForReview)
      .values({
        provider: provider.name,
        providerOrderId: event.providerOrderId,
        orderId,
        externalId: event.externalId,
        reason,
        status: event.status,
        asset: event.deliveredAsset ?? null,
        deliveredUnits: event.deliveredUnits,
        at: event.at,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: onrampDeliveriesForReview.id });
    if (kept) logger.error("onramp.deliveryForReview", { provider: provider.name, providerOrderId: event.providerOrderId, orderId, reason, reviewId: kept.id });
  }

  /** Why a completion of `order` may not be credited as it stands, or null when it may. */
  function deliveryProblem(order: OnrampOrderRow, event: ProviderOrder): DeliveryReviewReason | null {
    if (event.deliveredAsset != null && event.deliveredAsset !== order.asset) return "otherAsset";
    const delivered = event.deliveredUnits;
    if (delivered === null || delivered <= 0n) return "nothingDelivered";
    const off = delivered > order.grossUnits ? delivered - order.grossUnits : order.grossUnits - delivered;
    if (off * 10_000n > order.grossUnits * BigInt(deliveryToleranceBps)) return "outsideTolerance";
    // The fee must leave the buyer something (the table's check): a delivery that does not is not an order's.
    if (feeOf(delivered, order.feeBasisPoints) >= delivered) return "nothingDelivered";
    return null;
  }

  /**
   * Applies what the provider says, once: the order's status moves only forward, a step is
   * recorded once, and a completed order credits the buyer (the delivered amount less the fee)
   * and the fees account in the same transaction. A completion is credited only as the provider
   * states it: news without an amount (Swipelux's success webhook) is looked up first, and a
   * delivery in another asset, of nothing, or outside the tolerance of the quote is held for review
   * (the order stays where it was, marked held, and is not asked about again) rather than credited.
   * A completion for a provider order the order does not follow is credited to the order when the
   * order has not been credited (it is the one the buyer paid) and kept for review otherwise; one
   * for no order Sarraf knows is kept for review. A completion after a failure credits (the
   * provider's lifecycle allows it); a failure after a completion changes nothing; both are logged.
   */
  async function settle(news: ProviderOrder): Promise<OnrampOrderRow | null> {
    let event = news;
    if (!MAPPING[event.status]) return null;
    if (event.status === "completed" && event.deliveredUnits === null && event.deliveredAsset == null) {
      // No amount in the news: the provider's own lookup says what was delivered (a failure throws: asked again later).
      const looked = await provider.getOrder(event.providerOrderId);
      event = { ...looked, externalId: looked.externalId ?? event.externalId };
      if (looked.providerOrderId !== news.providerOrderId) throw new Error("the lookup answered another provider order");
    }
    const mapped = MAPPING[event.status];
    if (!mapped) return null;
    const which =
      event.externalId && /^[0-9a-f-]{36}$/i.test(event.externalId)
        ? and(eq(onrampOrders.id, event.externalId), eq(onrampOrders.provider, provider.name))
        : and(eq(onrampOrders.provider, provider.name), eq(onrampOrders.providerOrderId, event.providerOrderId));
    // Who and what never change on an order: its accounts are found (or made) before the transaction.
    const [known] = await db.select({ userId: onrampOrders.userId, asset: onrampOrders.asset }).from(onrampOrders).where(which);
    if (!known) {
      if (mapped.status === "completed") await keep(db, null, event, "unknownOrder");
      return null;
    }
    const [source, user, fees] = await Promise.all([
      ledger.houseAccount("onramp", known.asset),
      ledger.userAccount(known.userId, known.asset),
      ledger.houseAccount("fees", known.asset),
    ]);
    const at = now();
    return db.transaction(async (tx) => {
      const [order] = await tx.select().from(onrampOrders).where(which).for("update");
      if (!order) return null;
      const change: Partial<OnrampOrderRow> = { updatedAt: at, checkedAt: at };
      if (order.providerOrderId !== null && order.providerOrderId !== event.providerOrderId) {
        // A provider order this order does not follow (asked for twice after a lost answer).
        if (mapped.status !== "completed") {
          logger.warn("onramp.newsForProviderOrderNotFollowed", { orderId: order.id, providerOrderId: event.providerOrderId, status: event.status });
          return null;
        }
        if (order.status === "completed" || order.heldAt !== null) {
          // Paid for twice (or while a delivery waits for review): a person refunds or credits it.
          await keep(tx, order.id, event, "notFollowed");
          return order;
        }
        // The buyer paid this one: the order follows it from now on.
        logger.warn("onramp.followsAnotherProviderOrder", { orderId: order.id, providerOrderId: event.providerOrderId });
        change.providerOrderId = event.providerOrderId;
      } else if (order.providerOrderId === null) {
        // The news came before the create's answer was recorded: the order follows the provider order it names.
        change.providerOrderId = event.providerOrderId;
      }
      // The provider's lifecycle: a success may follow a failure, a cancellation or an expiry (the
      // payment went through after all): money was delivered, so it credits. Any other final status
      // after a final one changes nothing. Every such conflict is logged for an operator.
      const reopens = mapped.status === "completed" && isFinalOrderStatus(order.status) && order.status !== "completed";
      const moves = reopens || (!isFinalOrderStatus(order.status) && RANK[mapped.status] > RANK[order.status]);
      if (isFinalOrderStatus(order.status) && isFinalOrderStatus(mapped.status) && mapped.status !== order.status) {
        logger.warn("onramp.conflictingTransition", {
          orderId: order.id,
          providerOrderId: event.providerOrderId,
          from: order.status,
          to: mapped.status,
          applied: reopens,
        });
      }
      // A late step still joins the timeline (a webhook for "paid" after "processing"), a late final status never does.
      if (!isFinalOrderStatus(mapped.status) || moves) {
        await tx.insert(onrampOrderSteps).values({ orderId: order.id, step: mapped.step, at: event.at }).onConflictDoNothing();
      }
      if (order.heldAt !== null) return order;
      if (!moves) {
        const adopt = change.providerOrderId && !isFinalOrderStatus(order.status) ? { providerOrderId: change.providerOrderId } : {};
        await tx
          .update(onrampOrders)
          .set({ checkedAt: at, ...adopt })
          .where(eq(onrampOrders.id, order.id));
        return order;
      }
      if (mapped.status === "completed") {
        const problem = deliveryProblem(order, event);
        if (problem) {
          await keep(tx, order.id, event, problem);
          const [held] = await tx
            .update(onrampOrders)
            .set({ ...change, heldAt: at })
            .where(eq(onrampOrders.id, order.id))
            .returning();
          return held!;
        }
        const gross = event.deliveredUnits!;
        const fee = feeOf(gross, order.feeBasisPoints);
        const credit = { debit: source, asset: order.asset, reference: order.id };
        await ledger.transfer(
          [
            { ...credit, key: `onramp:${order.id}:credit`, credit: user, amount: gross - fee, code: "onramp.buy" },
            ...(fee > 0n ? [{ ...credit, key: `onramp:${order.id}:fee`, credit: fees, amount: fee, code: "onramp.fee" }] : []),
          ],
          { tx },
        );
        Object.assign(change, { grossUnits: gross, feeUnits: fee, creditedAt: at, paymentUrl: null });
      }
      change.status = mapped.status;
      if (isFinalOrderStatus(mapped.status)) change.paymentUrl = null;
      const [updated] = await tx.update(onrampOrders).set(change).where(eq(onrampOrders.id, order.id)).returning();
      return updated!;
    });
  }

  /** Asks the provider about one order and settles what it says. */
  async function refresh(order: OnrampOrderRow): Promise<OnrampOrderRow> {
    // A held delivery waits for a person: asking again would only find the same thing.
    if (!order.providerOrderId || isFinalOrderStatus(order.status) || order.heldAt !== null) return order;
    try {
      return (await settle(await provider.getOrder(order.providerOrderId))) ?? order;
    } catch (error) {
      logger.warn("onramp.refreshFailed", { orderId: order.id, ...errorFields(error) });
      return order;
    }
  }

  return {
    create,
    settle,

    /** The user's order, asking the provider first when it is under way and was not asked lately. */
    async status(userId: string, orderId: string): Promise<OnrampOrderRow | null> {
      const [order] = await db
        .select()
        .from(onrampOrders)
        .where(and(eq(onrampOrders.id, orderId), eq(onrampOrders.userId, userId)));
      if (!order) return null;
      const stale = !order.checkedAt || now().getTime() - order.checkedAt.getTime() >= checkEveryMs;
      return stale ? refresh(order) : order;
    },

    /**
     * Every order under way (or one whose creation never reached the provider), oldest first:
     * asked about and settled. Pages by (createdAt, id) after the last row seen, so orders that
     * settle meanwhile shift nothing and every open order is reached however many there are;
     * orders made after the pass began wait for the next.
     */
    async reconcile({ pageSize = RECONCILE_PAGE }: { pageSize?: number } = {}): Promise<{ checked: number; settled: number }> {
      const o = onrampOrders;
      const began = now();
      let checked = 0;
      let settled = 0;
      // The last row's key as the database holds it (microseconds; a Date keeps milliseconds only).
      let last: { at: string; id: string } | null = null;
      for (;;) {
        const page = await db
          .select({ ...getTableColumns(o), cursorAt: sql<string>`${o.createdAt}::text` })
          .from(o)
          .where(
            and(
              inArray(o.status, ["pending", "processing"]),
              lte(o.createdAt, began),
              last ? sql`(${o.createdAt}, ${o.id}) > (${last.at}::timestamptz, ${last.id}::uuid)` : undefined,
            ),
          )
          .orderBy(asc(o.createdAt), asc(o.id))
          .limit(pageSize);
        for (const { cursorAt: _, ...order } of page) {
          checked++;
          if (!order.providerOrderId) {
            // Created here but never at the provider (the server died in between): nothing can be paid.
            if (order.expiresAt.getTime() <= now().getTime()) await expireUnsent(order.id);
            continue;
          }
          const after = await refresh(order);
          if (after.status !== order.status) settled++;
        }
        if (page.length < pageSize) return { checked, settled };
        last = { at: page[page.length - 1]!.cursorAt, id: page[page.length - 1]!.id };
      }
    },

    /** Each order's timeline, oldest step first. */
    async timelines(ids: string[]): Promise<Map<string, { step: OrderStep; at: Date }[]>> {
      const map = new Map<string, { step: OrderStep; at: Date }[]>();
      if (ids.length === 0) return map;
      const rows = await db.select().from(onrampOrderSteps).where(inArray(onrampOrderSteps.orderId, ids)).orderBy(asc(onrampOrderSteps.at));
      for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), { step: row.step, at: row.at }]);
      return map;
    },
  };

  async function expireUnsent(id: string): Promise<void> {
    const at = now();
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .update(onrampOrders)
        .set({ status: "expired", updatedAt: at })
        .where(and(eq(onrampOrders.id, id), isNull(onrampOrders.providerOrderId), or(eq(onrampOrders.status, "pending")), lte(onrampOrders.expiresAt, at)))
        .returning({ id: onrampOrders.id });
      if (gone) await tx.insert(onrampOrderSteps).values({ orderId: id, step: "expired", at }).onConflictDoNothing();
    });
  }
}

export type Orders = ReturnType<typeof createOrders>;
