// Card buys: creating an order with the provider, following it, and settling it exactly once.
// Settling is one transaction: the order row is locked, its status moves only forward (the first
// final status wins; a late or repeated webhook changes nothing), and a completed order credits
// the buyer and the fees account through the ledger with idempotency keys derived from the order —
// a second guard, should anything ever settle twice. The reconciler asks the provider about every
// order still under way, so a crash between the provider's success and the credit loses nothing.
import { createHash } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, lte, or, isNull, sql } from "drizzle-orm";
import { isFinalOrderStatus, type OrderStep } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import type { Ledger } from "../ledger/index.ts";
import { MAPPING, OrderConflict, OrderUnavailable, RANK } from "./order-status.ts";
import type { OnrampProvider, ProviderOrder } from "./provider.ts";

export { OrderConflict, OrderUnavailable };
import { feeOf, type BuyFigures } from "./figures.ts";
import { onrampOrders, onrampOrderSteps, type OnrampOrderRow } from "./schema.ts";

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
}

/** How many open orders the reconciler reads at a time. */
const RECONCILE_PAGE = 500;

export function createOrders({ db, ledger, provider, logger, now, orderTtlMinutes, checkEveryMs = 2_000 }: OrdersOptions) {
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

  /** Creates the order (or answers the one its key made); the provider is asked outside any transaction. */
  async function create(order: NewOrder): Promise<OnrampOrderRow> {
    const requestHash = hashOf(order.request);
    const existing = await byKey(order.userId, order.idempotencyKey);
    if (existing) {
      if (existing.requestHash !== requestHash) throw new OrderConflict();
      if (existing.paymentUrl !== null || isFinalOrderStatus(existing.status)) return existing;
    }
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
    let created;
    try {
      created = await provider.createOrder({
        externalId: row.id,
        asset: row.asset,
        currency: row.currency,
        fiatCents: row.fiatCents,
        cryptoUnits: row.grossUnits,
        cryptoDecimals: row.decimals,
        email: order.email,
        locale: order.locale,
      });
    } catch (error) {
      logger.warn("onramp.createFailed", { provider: provider.name, ...errorFields(error) });
      // Nothing was charged: the order goes, so the same key may try again.
      await db.delete(onrampOrders).where(and(eq(onrampOrders.id, row.id), isNull(onrampOrders.providerOrderId)));
      throw new OrderUnavailable();
    }
    const [updated] = await db
      .update(onrampOrders)
      .set({ providerOrderId: created.providerOrderId, paymentUrl: created.paymentUrl, checkedAt: now(), updatedAt: now() })
      .where(eq(onrampOrders.id, row.id))
      .returning();
    return updated!;
  }

  /**
   * Applies what the provider says, once: the order's status moves only forward, a step is
   * recorded once, and a completed order credits the buyer (the delivered amount less the fee)
   * and the fees account in the same transaction.
   */
  async function settle(event: ProviderOrder): Promise<OnrampOrderRow | null> {
    const mapped = MAPPING[event.status];
    if (!mapped) return null;
    const which =
      event.externalId && /^[0-9a-f-]{36}$/i.test(event.externalId)
        ? and(eq(onrampOrders.id, event.externalId), eq(onrampOrders.provider, provider.name))
        : and(eq(onrampOrders.provider, provider.name), eq(onrampOrders.providerOrderId, event.providerOrderId));
    // Who and what never change on an order: its accounts are found (or made) before the transaction.
    const [known] = await db.select({ userId: onrampOrders.userId, asset: onrampOrders.asset }).from(onrampOrders).where(which);
    if (!known) return null;
    const [source, user, fees] = await Promise.all([
      ledger.houseAccount("onramp", known.asset),
      ledger.userAccount(known.userId, known.asset),
      ledger.houseAccount("fees", known.asset),
    ]);
    const at = now();
    return db.transaction(async (tx) => {
      const [order] = await tx.select().from(onrampOrders).where(which).for("update");
      if (!order || (order.providerOrderId !== null && order.providerOrderId !== event.providerOrderId)) return null;
      const moves = RANK[mapped.status] > RANK[order.status];
      // A late step still joins the timeline (a webhook for "paid" after "processing"), a late final status never does.
      if (!isFinalOrderStatus(mapped.status) || moves) {
        await tx.insert(onrampOrderSteps).values({ orderId: order.id, step: mapped.step, at: event.at }).onConflictDoNothing();
      }
      if (!moves || isFinalOrderStatus(order.status)) {
        await tx.update(onrampOrders).set({ checkedAt: at }).where(eq(onrampOrders.id, order.id));
        return order;
      }
      const change: Partial<OnrampOrderRow> = { status: mapped.status, updatedAt: at, checkedAt: at };
      if (mapped.status === "completed") {
        const gross = event.deliveredUnits ?? order.grossUnits;
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
      if (isFinalOrderStatus(mapped.status)) change.paymentUrl = null;
      const [updated] = await tx.update(onrampOrders).set(change).where(eq(onrampOrders.id, order.id)).returning();
      return updated!;
    });
  }

  /** Asks the provider about one order and settles what it says. */
  async function refresh(order: OnrampOrderRow): Promise<OnrampOrderRow> {
    if (!order.providerOrderId || isFinalOrderStatus(order.status)) return order;
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
