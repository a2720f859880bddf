// Cancelling a card buy not paid yet (issue 24 item 14): at the provider first (where it has a
// cancel call), then here in one transaction (the order row locked, its status, its step). A
// cancel is idempotent. An order the provider charged first is settled, never cancelled, and a
// charge that arrives after a cancel is still credited: settle() lets a completion follow a
// cancellation (orders.ts), so no payment is lost either way.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import { buyOrdersOf } from "./buy-orders.ts";
import type { Orders } from "./orders.ts";
import type { OnrampProvider } from "./provider.ts";
import { onrampOrders, onrampOrderSteps, type OnrampOrderRow } from "./schema.ts";

/** The order was paid, held or ended otherwise: nothing was cancelled. */
export class OrderNotCancellable extends Error {
  constructor(readonly order: OnrampOrderRow) {
    super("order not cancellable");
  }
}
/** The provider's cancel call failed: nothing was cancelled (asked again later by the buyer). */
export class CancelUnavailable extends Error {}

export interface CancelOptions {
  db: Db;
  provider: OnrampProvider;
  orders: Pick<Orders, "settle">;
  logger: Logger;
  now: () => Date;
}

const cancellable = (row: OnrampOrderRow) => row.status === "pending" && row.heldAt === null;

export function createCancel({ db, provider, orders, logger, now }: CancelOptions) {
  const mine = (userId: string, orderId: string) => and(eq(onrampOrders.id, orderId), eq(onrampOrders.userId, userId));

  /** The user's order, cancelled (or already so); null when no order of theirs has the id. */
  return async function cancel(userId: string, orderId: string): Promise<OnrampOrderRow | null> {
    const [order] = await db.select().from(onrampOrders).where(mine(userId, orderId));
    if (!order) return null;
    if (order.status === "cancelled") return order;
    if (!cancellable(order)) throw new OrderNotCancellable(order);
    if (order.providerOrderId && provider.cancelOrder) {
      let news;
      try {
        news = await provider.cancelOrder(order.providerOrderId);
      } catch (error) {
        logger.warn("onramp.cancelFailed", { provider: provider.name, orderId, ...errorFields(error) });
        throw new CancelUnavailable();
      }
      if (news.status !== "cancelled") {
        // The provider took the payment first (or the order ended there): what it says is settled, not cancelled.
        const settled = (await orders.settle(news)) ?? order;
        if (settled.status === "cancelled") return settled;
        throw new OrderNotCancellable(settled);
      }
    }
    const at = now();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(onrampOrders).where(mine(userId, orderId)).for("update");
      if (!row || row.status === "cancelled") return row ?? null;
      // A webhook moved it meanwhile (paid in the old window): that stands.
      if (!cancellable(row)) throw new OrderNotCancellable(row);
      const [cancelled] = await tx
        .update(onrampOrders)
        .set({ status: "cancelled", paymentUrl: null, updatedAt: at })
        .where(eq(onrampOrders.id, row.id))
        .returning();
      await tx.insert(onrampOrderSteps).values({ orderId: row.id, step: "cancelled", at }).onConflictDoNothing();
      return cancelled!;
    });
  };
}

export type Cancel = ReturnType<typeof createCancel>;

/** POST /user/swipelux/cancel. */
export function cancelHandlers({ cancel, orders }: { cancel: Cancel; orders: Pick<Orders, "timelines"> }) {
  const toBuyOrders = buyOrdersOf(orders);
  return handlers({
    swipeluxCancel: {
      success: "success.ok",
      handle: async (c, { orderId }) => {
        try {
          const row = await cancel(c.var.auth.user.id, orderId);
          if (!row) throw refuse("swipeluxCancel", "orderNotFound");
          return (await toBuyOrders([row]))[0]!;
        } catch (error) {
          if (error instanceof OrderNotCancellable) throw refuse("swipeluxCancel", "orderNotCancellable");
          if (error instanceof CancelUnavailable) throw refuse("swipeluxCancel", "onrampUnavailable");
          throw error;
        }
      },
    },
  });
}
