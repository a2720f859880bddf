// Card buys: creating an order with the provider, following it, settling it once (settle.ts),
// asking about every order under way (reconcile.ts). One provider order per Sarraf order: the right
// to ask the provider is claimed in the database first (a conditional UPDATE: one caller at a time
// however many servers race), and Sarraf's order id is the provider's external id, so asking again
// after a lost answer finds the same provider order where the provider supports it.
import { createHash } from "node:crypto";
import { and, eq, lte, or, isNull, sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { isFinalOrderStatus } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import type { Ledger } from "../ledger/index.ts";
import type { BuyFigures } from "./figures.ts";
import { OrderConflict, OrderUnavailable } from "./order-status.ts";
import type { OnrampProvider } from "./provider.ts";
import { onrampOrders, onrampOrderSteps, type OnrampOrderRow } from "./schema.ts";
import { createReconciler } from "./reconcile.ts";
import { orderTimelines } from "./timelines.ts";
import { createSettlement, type ReversalNotice } from "./settle.ts";

export { OrderConflict, OrderUnavailable, type ReversalNotice };

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
  /** Tells the buyer that a credit was reversed (a refund or a chargeback). */
  notify?: (notice: ReversalNotice) => Promise<void>;
}

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
  notify,
}: OrdersOptions) {
  const { settle } = createSettlement({ db, ledger, provider, logger, now, deliveryToleranceBps, notify });
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
    // The provider order is always recorded (its completion must find this order); its page only
    // while the order is still pending (the buyer may have cancelled while the provider was asked).
    const paymentUrl = sql`CASE WHEN ${onrampOrders.status} = 'pending' THEN ${created.paymentUrl}::text END`;
    const [updated] = await db
      .update(onrampOrders)
      .set({ providerOrderId: created.providerOrderId, paymentUrl, checkedAt: now(), updatedAt: now() })
      .where(and(eq(onrampOrders.id, row.id), isNull(onrampOrders.providerOrderId)))
      .returning();
    if (updated) return updated.status === "cancelled" ? cancelledMeanwhile(updated) : updated;
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

  /** Cancelled while the provider made it: cancelled there too (its page then refuses), or settled if paid first. */
  async function cancelledMeanwhile(row: OnrampOrderRow): Promise<OnrampOrderRow> {
    if (!provider.cancelOrder) return row;
    try {
      const news = await provider.cancelOrder(row.providerOrderId!);
      return news.status === "cancelled" ? row : ((await settle(news)) ?? row);
    } catch (error) {
      // Its page stays payable; a payment there is still credited (a completion may follow a cancel).
      logger.warn("onramp.cancelFailed", { provider: provider.name, orderId: row.id, ...errorFields(error) });
      return row;
    }
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

    reconcile: createReconciler({ db, now, refresh }),
    /** Each order's timeline, oldest step first. */
    timelines: (ids: string[]) => orderTimelines(db, ids),
  };
}

export type Orders = ReturnType<typeof createOrders>;
