// The transaction history's types: what the list is filtered by, what one page answers, what views send.
import type { History, HistoryEntry, HistoryType, OrderStatus } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

/** The filters a user can set; an absent key is not filtered on. Dates are inclusive days, YYYY-MM-DD. */
export interface HistoryFilters {
  type?: HistoryType;
  asset?: string;
  status?: OrderStatus;
  from?: string;
  to?: string;
}

/** One call of /user/transactions-history: the filters, and where the previous page ended (null: the first page). */
export interface HistoryPageRequest {
  filters: HistoryFilters;
  cursor: string | null;
}

export type HistoryPage = History;

export interface HistoryInput {
  /** Filters read from the page's address, so a reload keeps them. */
  filters?: HistoryFilters;
}

export interface HistoryContext {
  filters: HistoryFilters;
  /** Every entry loaded so far (card buys, and the kinds to come), newest first, pages appended in order. */
  items: HistoryEntry[];
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: string | null;
  /** Why the first page, or the next one, could not be loaded. */
  failure: Failure<"history"> | null;
}

export type HistoryEvent =
  /** Other filters: the list starts again from its first page; answers for the old filters are dropped. */
  | { type: "history.filter"; filters: HistoryFilters }
  /** The next (older) page. */
  | { type: "history.loadMore" }
  /** Try the first page again after a failure. */
  | { type: "history.retry" };

/**
 * What views read: `loading` (the first page), `listed` (orders on screen), `hasMore` (a next page
 * can be asked for), `loadingMore`, `moreFailed` (the next page failed; the list stays), `empty`
 * (no orders at all), `noMatch` (orders exist, none matches the filters), `failed` (retry) and
 * `refused` (the server refused a filter: fix it).
 */
export type HistoryTag = "loading" | "listed" | "hasMore" | "loadingMore" | "moreFailed" | "empty" | "noMatch" | "failed" | "refused";

/** Whether any filter is set. */
export const hasFilters = (filters: HistoryFilters): boolean => Object.values(filters).some((value) => value !== undefined && value !== "");
