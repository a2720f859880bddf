// What an operator reads and settles of the on-ramp (npm run ops:onramp): the news kept for review —
// deliveries not credited, conflicting transitions, reversals that left a debt — and each buyer's
// debt from a reversal. Nothing here moves money: a person decides, then marks the row resolved.
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { onrampDeliveriesForReview, onrampOrders } from "./schema.ts";

export function onrampReview(db: Db) {
  const r = onrampDeliveriesForReview;
  return {
    /** Rows not yet resolved, newest first. */
    open: (limit = 200) =>
      db
        .select({
          id: r.id,
          createdAt: r.createdAt,
          reason: r.reason,
          status: r.status,
          orderId: r.orderId,
          provider: r.provider,
          providerOrderId: r.providerOrderId,
          asset: r.asset,
          units: r.deliveredUnits,
        })
        .from(r)
        .where(isNull(r.resolvedAt))
        .orderBy(desc(r.createdAt), desc(r.id))
        .limit(limit),

    /** Orders whose reversal left the buyer owing (what the reversal could not take back). */
    debts: (limit = 200) =>
      db
        .select({
          orderId: onrampOrders.id,
          userId: onrampOrders.userId,
          asset: onrampOrders.asset,
          status: onrampOrders.status,
          debtUnits: onrampOrders.debtUnits,
        })
        .from(onrampOrders)
        .where(isNotNull(onrampOrders.debtUnits))
        .orderBy(desc(onrampOrders.reversedAt))
        .limit(limit),

    /** Marks a row resolved (once); false when there is no such open row. */
    async resolve(id: number, at: Date): Promise<boolean> {
      const done = await db
        .update(r)
        .set({ resolvedAt: at })
        .where(and(eq(r.id, id), isNull(r.resolvedAt)))
        .returning({ id: r.id });
      return done.length === 1;
    },
  };
}
