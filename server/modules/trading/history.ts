// Trades in the portfolio's history, beside card buys: each accepted quote is one entry (its id the
// quote's), listed at the moment it executed — a sell, a convert, or a buy from cash ("buyCash").
import { and, desc, eq, getTableName, gte, lt, or } from "drizzle-orm";
import type { EntryOf, QuoteCurrency } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { HistorySource } from "../portfolio/index.ts";
import { tradeOf } from "./accept.ts";
import { tradeQuotes, type TradeQuoteRow } from "./schema.ts";

const KIND_OF = { buyCash: "buy", sell: "sell", convert: "convert" } as const;
type TradeEntryType = keyof typeof KIND_OF;

function entryOf(row: TradeQuoteRow): EntryOf<TradeEntryType> {
  const trade = tradeOf(row);
  const base = { id: row.id, status: "completed" as const, createdAt: trade.executedAt, updatedAt: trade.executedAt, fee: trade.fee, quoteId: row.id };
  if (row.kind === "buy") {
    return {
      ...base,
      type: "buyCash",
      asset: row.toAsset,
      currency: row.fromAsset as QuoteCurrency,
      pay: trade.paid,
      receive: trade.received,
      price: row.price,
    };
  }
  if (row.kind === "sell") {
    return { ...base, type: "sell", asset: row.fromAsset, currency: row.toAsset as QuoteCurrency, sell: trade.paid, receive: trade.received, price: row.price };
  }
  return { ...base, type: "convert", sell: trade.paid, receive: trade.received, rate: row.price };
}

function tradeSource<T extends TradeEntryType>(db: Db, type: T): HistorySource<T> {
  return {
    type,
    // Listed once accepted, which UPDATEs the quote: a new quote (an INSERT) is not an entry yet.
    tables: [{ name: getTableName(tradeQuotes), inserts: false }],
    async page({ userId, asset, status, from, before, after, limit }) {
      // A trade is complete the moment it executes: no other status has entries.
      if (status && status !== "completed") return [];
      const q = tradeQuotes;
      const rows = await db
        .select()
        .from(q)
        .where(
          and(
            eq(q.userId, userId),
            eq(q.status, "accepted"),
            eq(q.kind, KIND_OF[type]),
            asset ? or(eq(q.fromAsset, asset), eq(q.toAsset, asset)) : undefined,
            from ? gte(q.acceptedAt, from) : undefined,
            before ? lt(q.acceptedAt, before) : undefined,
            after ? or(lt(q.acceptedAt, after.at), and(eq(q.acceptedAt, after.at), lt(q.id, after.id))) : undefined,
          ),
        )
        .orderBy(desc(q.acceptedAt), desc(q.id))
        .limit(limit);
      return rows.map((row) => entryOf(row) as EntryOf<T>);
    },
  };
}

/** The history's sources for trades: one per kind of entry. */
export function tradeHistory(db: Db) {
  return [tradeSource(db, "buyCash"), tradeSource(db, "sell"), tradeSource(db, "convert")] as const;
}
