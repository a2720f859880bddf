// What each page's price feed polls: one call of the contract, its answer as a feed snapshot.
import { fromPromise } from "xstate";
import type { Price, PriceRange, QuoteCurrency } from "../../../../contract/index.ts";
import type { FavouriteChange } from "../../../../machines/market/favourites.machine.ts";
import type { FeedSnapshot } from "../../../../machines/market/priceFeed.machine.ts";
import { i18n } from "@lingui/core";
import { failureOf } from "../../../../machines/failure.ts";
import { dismissNotices, notifyError } from "../../../shared/adapters/notify.ts";
import type { Call } from "../../../shared/api/call.ts";
import { answeredNow } from "../../../shared/api/lazyCall.ts";
import { failureText } from "../../../shared/i18n/errors.ts";

export interface PairQuery {
  symbol: string;
  currency: QuoteCurrency;
}
export interface HistoryQuery extends PairQuery {
  range: PriceRange;
}

/** A poll the browser could not even send: the feed goes offline instead of retrying. */
const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

const snapshotOf = <D extends { stale: boolean; ageSeconds: number }>(data: D): FeedSnapshot<D> => ({
  data,
  stale: data.stale,
  ageSeconds: data.ageSeconds,
  receivedAt: Date.now(),
});

async function poll<D extends { stale: boolean; ageSeconds: number }>(request: () => Promise<D>): Promise<FeedSnapshot<D>> {
  if (offline()) throw { offline: true };
  try {
    return snapshotOf(await request());
  } catch (error) {
    throw offline() ? { offline: true } : error;
  }
}

/**
 * Spec section 7: get-price shows an error toast on failure and yields null. One toast at a time
 * (a poll every 5 s must not pile them up); it goes when the price comes back.
 */
export async function getPrice(call: Call, query: PairQuery): Promise<Price | null> {
  try {
    const price = await call("getPrice", query);
    dismissPriceError();
    return price;
  } catch (error) {
    // A 401 has its own message (the API client's), and the sign-in ends.
    if (failureOf("getPrice", error).code !== "unauthorized") notifyError(failureText(i18n, failureOf("getPrice", error)).text, PRICE_TOAST);
    return null;
  }
}
const PRICE_TOAST = "get-price";
const dismissPriceError = () => dismissNotices([PRICE_TOAST]);

/** The feed actors each page provides to the priceFeed machine. */
export const feeds = {
  tickers: (call: Call) =>
    fromPromise<FeedSnapshot, { query: unknown }>(({ input }) => poll(() => call("marketTickers", { currency: (input.query as PairQuery).currency }))),
  price: (call: Call) =>
    fromPromise<FeedSnapshot, { query: unknown }>(({ input }) =>
      poll(async () => {
        const price = await getPrice(call, input.query as PairQuery);
        if (price === null) throw { code: "unavailable" };
        return price;
      }),
    ),
  history: (call: Call) => fromPromise<FeedSnapshot, { query: unknown }>(({ input }) => poll(() => call("priceHistory", input.query as HistoryQuery))),
  dashboard: (call: Call) =>
    fromPromise<FeedSnapshot, { query: unknown }>(({ input }) => poll(() => call("dashboardMarketInfo", { currency: (input.query as PairQuery).currency }))),
};
export type FeedKind = keyof typeof feeds;

/** A feed's first snapshot when the page's HTML brought its answer (the dashboard's and the market's), else null. */
export function firstSnapshot(kind: FeedKind, call: Call, query: object): FeedSnapshot | null {
  const { currency } = query as PairQuery;
  const answer =
    kind === "dashboard"
      ? answeredNow(call, "dashboardMarketInfo", { currency })
      : kind === "tickers"
        ? answeredNow(call, "marketTickers", { currency })
        : undefined;
  return answer ? snapshotOf(answer) : null;
}

/** The favourites machine's save: the server answers the user's whole list. */
export const saveFavourite = (call: Call) =>
  fromPromise<{ favourites: readonly string[] }, FavouriteChange>(({ input }) => call("addFavToken", { symbol: input.symbol, favourite: input.favourite }));
