// The reconciler: asks the provider about every order still under way, so a crash between the
// provider's success and the credit loses nothing. Final orders (refunded and charged back
// included) are never asked about again, so it cannot loop on them.
import { and, asc, eq, getTableColumns, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { onrampOrders, onrampOrderSteps, type OnrampOrderRow } from "./schema.ts";

/** How many open orders the reconciler reads at a time. */
const RECONCILE_PAGE = 500;

export function createReconciler({ db, now, refresh }: { db: Db; now: () => Date; refresh: (order: OnrampOrderRow) => Promise<OnrampOrderRow> }) {
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

  /**
   * Every order under way (or one whose creation never reached the provider), oldest first:
   * asked about and settled. Pages by (createdAt, id) after the last row seen, so orders that
   * settle meanwhile shift nothing and every open order is reached however many there are;
   * orders made after the pass began wait for the next.
   */
  return async function reconcile({ pageSize = RECONCILE_PAGE }: { pageSize?: number } = {}): Promise<{ checked: number; settled: number }> {
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
  };
}
