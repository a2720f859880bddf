// Settling what the provider says about an order, exactly once. Settling is one transaction: the
// order row is locked, its status moves only forward, and money moves through the ledger with
// idempotency keys derived from the order — a second guard, should anything ever settle twice.
//
// The provider's real lifecycle, not "the first final status wins": a success after a failure, a
// cancellation or an expiry credits (the payment went through after all); a refund or a chargeback
// after a credit reverses it (reversal.ts), leaving a debt when the buyer has spent the crypto, and
// the buyer is told. Every other final status after a final one changes nothing. Each such
// transition, applied or not, is logged and kept in onramp_deliveries_for_review for an operator
// (`npm run ops:onramp`), once per provider order, reason and status however often the news comes.
import { and, eq } from "drizzle-orm";
import { isFinalOrderStatus, isReversedOrderStatus, type OrderStatus } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import type { Ledger } from "../ledger/index.ts";
import { feeOf } from "./figures.ts";
import { MAPPING, RANK } from "./order-status.ts";
import type { OnrampProvider, ProviderOrder } from "./provider.ts";
import { reverseCredit, type Reversal } from "./reversal.ts";
import { onrampDeliveriesForReview, onrampOrders, onrampOrderSteps, type DeliveryReviewReason, type OnrampOrderRow } from "./schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What the buyer is told when a credit was reversed (after the transaction commits). */
export interface ReversalNotice {
  userId: string;
  orderId: string;
  status: "refunded" | "chargedBack";
  asset: string;
  decimals: number;
  reversal: Reversal;
}

export interface SettleOptions {
  db: Db;
  ledger: Ledger;
  provider: OnrampProvider;
  logger: Logger;
  now: () => Date;
  deliveryToleranceBps: number;
  /** Tells the buyer of a reversal; never throws (a failure to tell is logged, the reversal stands). */
  notify?: (notice: ReversalNotice) => Promise<void>;
}

export function createSettlement({ db, ledger, provider, logger, now, deliveryToleranceBps, notify }: SettleOptions) {
  /** Keeps news that is not credited as it stands for a person to see, once per provider order, reason and status, and alerts. */
  async function keep(tx: Tx | Db, orderId: string | null, event: ProviderOrder, reason: DeliveryReviewReason, units = event.deliveredUnits): Promise<void> {
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
        deliveredUnits: units,
        at: event.at,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: onrampDeliveriesForReview.id });
    if (kept) logger.error("onramp.deliveryForReview", { provider: provider.name, providerOrderId: event.providerOrderId, orderId, reason, reviewId: kept.id });
  }

  /** A final status after a different final one: logged and kept for an operator, whether it was acted on or not. */
  async function conflict(tx: Tx, order: OnrampOrderRow, event: ProviderOrder, to: OrderStatus, applied: boolean): Promise<void> {
    logger.warn("onramp.conflictingTransition", { orderId: order.id, providerOrderId: event.providerOrderId, from: order.status, to, applied });
    await keep(tx, order.id, event, applied ? "transitionApplied" : "transitionIgnored");
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
   * Applies what the provider says, once. A completion is credited only as the provider states it:
   * news without an amount (Swipelux's success webhook) is looked up first, and a delivery in another
   * asset, of nothing, or outside the tolerance of the quote is held for review (the order stays
   * where it was, marked held, and is not asked about again) rather than credited. A completion for
   * a provider order the order does not follow is credited to the order when the order has not been
   * credited (it is the one the buyer paid) and kept for review otherwise; one for no order Sarraf
   * knows is kept for review.
   */
  async function settle(news: ProviderOrder): Promise<OnrampOrderRow | null> {
    let event = news;
    if (!MAPPING[event.status]) return null;
    if (event.status === "completed" && event.deliveredUnits === null && event.deliveredAsset == null) {
      // No amount in the news: the provider's own lookup says what was delivered (a failure throws: asked again later).
      const looked = await provider.getOrder(event.providerOrderId);
      if (looked.providerOrderId !== news.providerOrderId) throw new Error("the lookup answered another provider order");
      // The lookup is newer than the news: refunded since, the order ends refunded without a credit.
      event = { ...looked, externalId: looked.externalId ?? event.externalId };
    }
    const mapped = MAPPING[event.status];
    const which =
      event.externalId && /^[0-9a-f-]{36}$/i.test(event.externalId)
        ? and(eq(onrampOrders.id, event.externalId), eq(onrampOrders.provider, provider.name))
        : and(eq(onrampOrders.provider, provider.name), eq(onrampOrders.providerOrderId, event.providerOrderId));
    // Who and what never change on an order: its accounts are found (or made) before the transaction.
    const [known] = await db.select({ userId: onrampOrders.userId, asset: onrampOrders.asset }).from(onrampOrders).where(which);
    if (!known) {
      if (mapped.status === "completed" || isReversedOrderStatus(mapped.status)) await keep(db, null, event, "unknownOrder");
      return null;
    }
    const reversing = isReversedOrderStatus(mapped.status);
    const [source, user, fees, receivable] = await Promise.all([
      ledger.houseAccount("onramp", known.asset),
      ledger.userAccount(known.userId, known.asset),
      ledger.houseAccount("fees", known.asset),
      reversing ? ledger.receivableAccount(known.userId, known.asset) : null,
    ]);
    const at = now();
    let notice: ReversalNotice | null = null;
    const settled = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(onrampOrders).where(which).for("update");
      if (!order) return null;
      const change: Partial<OnrampOrderRow> = { updatedAt: at, checkedAt: at };
      if (order.providerOrderId !== null && order.providerOrderId !== event.providerOrderId) {
        // A provider order this order does not follow (asked for twice after a lost answer).
        if (reversing) {
          await keep(tx, order.id, event, "transitionIgnored");
          return order;
        }
        if (mapped.status !== "completed") {
          logger.warn("onramp.newsForProviderOrderNotFollowed", { orderId: order.id, providerOrderId: event.providerOrderId, status: event.status });
          return null;
        }
        if (order.status !== "completed" && order.heldAt === null && !isReversedOrderStatus(order.status)) {
          // The buyer paid this one: the order follows it from now on.
          logger.warn("onramp.followsAnotherProviderOrder", { orderId: order.id, providerOrderId: event.providerOrderId });
          change.providerOrderId = event.providerOrderId;
        } else {
          // Paid for twice (or while a delivery waits for review): a person refunds or credits it.
          await keep(tx, order.id, event, "notFollowed");
          return order;
        }
      } else if (order.providerOrderId === null) {
        // The news came before the create's answer was recorded: the order follows the provider order it names.
        change.providerOrderId = event.providerOrderId;
      }
      const from = order.status;
      const to = mapped.status;
      const credited = order.creditedAt !== null && order.reversedAt === null;
      // A success after a failure, cancellation or expiry credits; a refund or chargeback reverses a
      // credit, or ends an order under way that was never credited. Anything else after a final status is ignored.
      const reopens = to === "completed" && (from === "failed" || from === "cancelled" || from === "expired");
      const reverses = reversing && credited;
      // A held order (its delivery waits for a person) is never reversed: nothing of it was credited.
      const moves = reopens || reverses || (!isFinalOrderStatus(from) && RANK[to] > RANK[from] && !(reversing && order.heldAt !== null));
      if ((isFinalOrderStatus(from) && isFinalOrderStatus(to) && to !== from) || (reversing && order.heldAt !== null)) {
        await conflict(tx, order, event, to, moves && order.heldAt === null);
      }
      // A late step still joins the timeline (a webhook for "paid" after "processing"), a late final status never does.
      if (!isFinalOrderStatus(to) || moves) {
        await tx.insert(onrampOrderSteps).values({ orderId: order.id, step: mapped.step, at: event.at }).onConflictDoNothing();
      }
      if (order.heldAt !== null || !moves) {
        const adopt = change.providerOrderId && !isFinalOrderStatus(from) ? { providerOrderId: change.providerOrderId } : {};
        await tx
          .update(onrampOrders)
          .set({ checkedAt: at, ...adopt })
          .where(eq(onrampOrders.id, order.id));
        return order;
      }
      if (to === "completed") {
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
        Object.assign(change, { grossUnits: gross, feeUnits: fee, creditedAt: at });
      }
      if (reverses) {
        const reversal = await reverseCredit(tx, ledger, order, { source, user, fees, receivable: receivable! });
        if (reversal.debt > 0n) await keep(tx, order.id, event, "reversalLeftDebt", reversal.debt);
        Object.assign(change, { reversedAt: at, debtUnits: reversal.debt > 0n ? reversal.debt : null });
        notice = { userId: order.userId, orderId: order.id, status: to as ReversalNotice["status"], asset: order.asset, decimals: order.decimals, reversal };
      }
      change.status = to;
      if (isFinalOrderStatus(to)) change.paymentUrl = null;
      const [updated] = await tx.update(onrampOrders).set(change).where(eq(onrampOrders.id, order.id)).returning();
      return updated!;
    });
    if (notice && notify) await notify(notice);
    return settled;
  }

  return { settle, keep };
}
