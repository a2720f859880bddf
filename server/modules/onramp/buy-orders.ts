// A card buy's order as the contract shows it, and the on-ramp's entries in the history: its own
// orders (listed from the moment they are made), read from its own table.
import { and, desc, eq, getTableName, gte, lt, or } from "drizzle-orm";
import { ONRAMP_CARD_DECIMALS, type BuyOrder, type QuoteCurrency } from "../../../contract/index.ts";
import { fromMinor } from "../../../contract/decimal.ts";
import type { Db } from "../../platform/db/open.ts";
import type { HistorySource } from "../portfolio/index.ts";
import type { Orders } from "./orders.ts";
import { onrampOrderSteps, onrampOrders, type OnrampOrderRow } from "./schema.ts";

const money = (asset: string, units: bigint, decimals: number) => ({ asset, value: fromMinor(units, decimals) });

export function buyOrdersOf(orders: Pick<Orders, "timelines">) {
  return async function toBuyOrders(rows: OnrampOrderRow[]): Promise<BuyOrder[]> {
    const timelines = await orders.timelines(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      type: "buy",
      asset: row.asset,
      currency: row.currency as QuoteCurrency,
      status: row.status,
      pay: money(row.currency, row.fiatCents, ONRAMP_CARD_DECIMALS),
      receive: money(row.asset, row.grossUnits - row.feeUnits, row.decimals),
      fee: money(row.asset, row.feeUnits, row.decimals),
      price: row.price,
      paymentUrl: row.paymentUrl,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      timeline: (timelines.get(row.id) ?? []).map(({ step, at }) => ({ step, at: at.toISOString() })),
    }));
  };
}

/** The user's card buys, newest first, for the portfolio's history. */
export function buyHistory(db: Db, orders: Pick<Orders, "timelines">): HistorySource<"buy"> {
  const toBuyOrders = buyOrdersOf(orders);
  return {
    type: "buy",
    // An order is listed from the moment it is made; its timeline grows a row per step.
    tables: [onrampOrders, onrampOrderSteps].map((table) => ({ name: getTableName(table), inserts: true })),
    async page({ userId, asset, status, from, before, after, limit }) {
      const o = onrampOrders;
      const rows = await db
        .select()
        .from(o)
        .where(
          and(
            eq(o.userId, userId),
            asset ? eq(o.asset, asset) : undefined,
            status ? eq(o.status, status) : undefined,
            from ? gte(o.createdAt, from) : undefined,
            before ? lt(o.createdAt, before) : undefined,
            after ? or(lt(o.createdAt, after.at), and(eq(o.createdAt, after.at), lt(o.id, after.id))) : undefined,
          ),
        )
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(limit);
      return toBuyOrders(rows);
    },
  };
}
