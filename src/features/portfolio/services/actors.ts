// The portfolio's effects: the balances feed and the history's pages, each one call of the contract.
import { fromPromise } from "xstate";
import type { Balances, HistoryBody, QuoteCurrency } from "../../../../contract/index.ts";
import type { FeedSnapshot } from "../../../../machines/market/priceFeed.machine.ts";
import type { HistoryPage, HistoryPageRequest } from "../../../../machines/portfolio/history.machine.ts";
import type { Call } from "../../../shared/api/call.ts";
import { answeredNow } from "../../../shared/api/lazyCall.ts";

/** Orders per page of the history. */
export const HISTORY_PAGE_SIZE = 20;

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * The balances, polled through the price feed: their values follow prices, so they refresh with
 * them. An answer without values (the server has no prices yet) counts as stale.
 */
const balancesSnapshot = (data: Balances): FeedSnapshot<Balances> => ({
  data,
  stale: data.balances.length > 0 && data.total === null,
  ageSeconds: 0,
  receivedAt: Date.now(),
});

export const balancesFeed = (call: Call) =>
  fromPromise<FeedSnapshot, { query: unknown }>(async ({ input }) => {
    if (offline()) throw { offline: true };
    try {
      return balancesSnapshot(await call("balances", { currency: (input.query as { currency: QuoteCurrency }).currency }));
    } catch (error) {
      throw offline() ? { offline: true } : error;
    }
  });

/** The balances' first snapshot when the page's HTML brought them, else null. */
export function firstBalances(call: Call, currency: QuoteCurrency): FeedSnapshot<Balances> | null {
  const answer = answeredNow(call, "balances", { currency });
  return answer ? balancesSnapshot(answer) : null;
}

/** The request for one page: only the filters that are set, and the cursor after the first page. */
export function historyBody({ filters, cursor }: HistoryPageRequest): HistoryBody {
  const body: HistoryBody = { limit: HISTORY_PAGE_SIZE };
  for (const key of ["type", "asset", "status", "from", "to"] as const) {
    const value = filters[key];
    if (value) Object.assign(body, { [key]: value });
  }
  if (cursor !== null) body.cursor = cursor;
  return body;
}

export const historyImplementations = ({ call }: { call: Call }) => ({
  actors: {
    fetchPage: fromPromise<HistoryPage, HistoryPageRequest>(({ input }) => call("transactionsHistory", historyBody(input))),
  },
});
