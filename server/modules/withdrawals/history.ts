// Withdrawals in the portfolio's history: each confirmed withdrawal (held, on its way, or ended) is
// one entry with its status and the network's txid. One asked for but never confirmed held nothing
// and is not listed.
import { and, desc, eq, getTableName, gte, isNotNull, lt, or } from "drizzle-orm";
import type { EntryOf, OrderStatus, WithdrawalStatus } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { HistorySource } from "../portfolio/index.ts";
import { withdrawals, type WithdrawalRow } from "./schema.ts";
import { withdrawalOf } from "./view.ts";

const STATUS_OF: Record<WithdrawalStatus, OrderStatus> = {
  awaitingCode: "pending",
  queued: "processing",
  broadcast: "processing",
  confirming: "processing",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
};
const STATUSES_FOR = (status: OrderStatus) => (Object.keys(STATUS_OF) as WithdrawalStatus[]).filter((each) => STATUS_OF[each] === status);

function entryOf(row: WithdrawalRow): EntryOf<"withdrawal"> {
  const w = withdrawalOf(row);
  return {
    id: row.id,
    type: "withdrawal",
    status: STATUS_OF[row.status],
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    amount: w.amount,
    fee: w.fee,
    address: row.address,
    network: row.network,
    txid: row.txid,
  };
}

export function withdrawalHistory(db: Db): HistorySource<"withdrawal"> {
  return {
    type: "withdrawal",
    tables: [{ name: getTableName(withdrawals), inserts: true }],
    async page({ userId, asset, status, from, before, after, limit }) {
      const w = withdrawals;
      const statuses = status ? STATUSES_FOR(status) : [];
      if (status && statuses.length === 0) return [];
      const rows = await db
        .select()
        .from(w)
        .where(
          and(
            eq(w.userId, userId),
            isNotNull(w.confirmedAt),
            asset ? eq(w.asset, asset) : undefined,
            status ? or(...statuses.map((each) => eq(w.status, each))) : undefined,
            from ? gte(w.createdAt, from) : undefined,
            before ? lt(w.createdAt, before) : undefined,
            after ? or(lt(w.createdAt, after.at), and(eq(w.createdAt, after.at), lt(w.id, after.id))) : undefined,
          ),
        )
        .orderBy(desc(w.createdAt), desc(w.id))
        .limit(limit);
      return rows.map(entryOf);
    },
  };
}
