// The history's filters as the page's address carries them (?asset=BTC&status=completed&from=2026-11-01),
// so a reload or a shared link shows the same list.
import { ORDER_STATUSES, type OrderStatus } from "../../../../contract/onrampVocabulary.ts";
import { LIVE_HISTORY_TYPES, type HistoryType } from "../../../../contract/portfolioVocabulary.ts";
import type { HistoryFilters } from "../../../../machines/portfolio/history.machine.ts";

export const FILTER_KEYS = ["type", "asset", "status", "from", "to"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);
// Dates and assets go to the server as typed, so one it refuses is shown with the server's reason.
const text = (value: string | null) => value?.trim().slice(0, 40) || undefined;

/** The filters of a query string; unknown types and statuses (no choice shows them) are ignored. */
export function filtersFromSearch(search: string): HistoryFilters {
  const query = new URLSearchParams(search);
  const filters: HistoryFilters = {
    type: oneOf<HistoryType>(LIVE_HISTORY_TYPES, query.get("type")),
    asset: text(query.get("asset"))?.toUpperCase(),
    status: oneOf<OrderStatus>(ORDER_STATUSES, query.get("status")),
    from: text(query.get("from")),
    to: text(query.get("to")),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as HistoryFilters;
}

/** The query string of some filters, in a fixed order; empty when none is set. */
export function searchOfFilters(filters: HistoryFilters): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  return query.toString();
}
