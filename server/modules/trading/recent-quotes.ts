// The quotes this process made or accepted lately, by id, so an accept that follows its quote (the
// usual case) need not read the quote back first. What a quote fixes never changes; its status
// moves once, to accepted, and an "open" kept here after another process accepted it is caught by
// the accept's own conditional update in the transaction, which answers the trade made.
import type { TradeQuoteRow } from "./schema.ts";

/** Far more than the quotes opened within their validity at any realistic rate (a few MB). */
const KEEP = 10_000;

export interface RecentQuotes {
  get(id: string): TradeQuoteRow | undefined;
  put(row: TradeQuoteRow): void;
}

export function createRecentQuotes(): RecentQuotes {
  const rows = new Map<string, TradeQuoteRow>();
  return {
    get: (id) => rows.get(id),
    put(row) {
      rows.delete(row.id);
      rows.set(row.id, row);
      // The oldest first (a Map keeps insertion order).
      if (rows.size > KEEP) rows.delete(rows.keys().next().value!);
    },
  };
}
