import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";

/** Spec: prices refresh while visible; 5 s between polls. */
export const FEED_POLL_MS = 5_000;
/** Back-off after a failed poll: 1 s, 2 s, 4 s … up to 30 s. */
export const FEED_BACKOFF_FIRST_MS = 1_000;
export const FEED_BACKOFF_MAX_MS = 30_000;

/** What a poll answers: the data, and how fresh the server says it is. */
export interface FeedSnapshot<Data = unknown> {
  data: Data;
  /** The server's prices are the last known: its source has stopped answering. */
  stale: boolean;
  /** Seconds between the source's snapshot and the server's answer. */
  ageSeconds: number;
  /** Clock time (ms) when the answer arrived, so views can age it as time goes on. */
  receivedAt: number;
}

/** A failed poll: `offline` when the browser has no network, else anything else. */
export interface FeedFailure {
  offline?: boolean;
}

export interface PriceFeedInput<Query = unknown> {
  /** What to poll (a symbol and currency, a range …); opaque to the machine. */
  query: Query;
  /** An answer for the query the page already holds (its HTML brought it): shown at once, polled again after the usual wait. */
  first?: FeedSnapshot | null;
}

export interface PriceFeedContext<Query = unknown, Data = unknown> {
  query: Query;
  latest: FeedSnapshot<Data> | null;
  /** Polls failed in a row since the last success. */
  failures: number;
}

export type PriceFeedEvent<Query = unknown> =
  /** The page became hidden / visible again. */
  | { type: "feed.hidden" }
  | { type: "feed.visible" }
  /** The browser lost / regained its network. */
  | { type: "feed.offline" }
  | { type: "feed.online" }
  /** Poll something else (another currency, symbol or range): what was shown belongs to the old query. */
  | { type: "feed.query"; query: Query }
  /** The user asked to try again now. */
  | { type: "feed.retry" };

/**
 * What views read: `loading` before the first answer, `live` / `stale` after an answer (stale:
 * the server's own source has stopped), `retrying` after a failed poll (waiting with back-off),
 * `offline` while the browser has no network, `paused` while the page is hidden, `refreshing`
 * while a poll is under way, and `failed` when no answer has arrived at all and the last poll failed.
 */
export type PriceFeedTag = "loading" | "live" | "stale" | "retrying" | "offline" | "paused" | "refreshing" | "failed";

export const priceFeedMachine = setup({
  types: {
    context: {} as PriceFeedContext,
    events: {} as PriceFeedEvent,
    input: {} as PriceFeedInput,
    tags: {} as PriceFeedTag,
  },
  guards: {
    isStale: (_, snapshot: FeedSnapshot) => snapshot.stale,
    isOfflineFailure: (_, error: unknown) => typeof error === "object" && error !== null && (error as FeedFailure).offline === true,
    hasData: ({ context }) => context.latest !== null,
    hasStaleData: ({ context }) => context.latest?.stale === true,
  },
  actions: {
    keepSnapshot: assign((_, snapshot: FeedSnapshot) => ({ latest: snapshot, failures: 0 })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    setQuery: assign({ query: ({ event }) => (event.type === "feed.query" ? event.query : undefined), latest: null, failures: 0 }),
  },
  actors: {
    /** The call for this feed's query, provided by the page (get-price, tickers, history …). */
    fetchFeed: fromPromise<FeedSnapshot, { query: unknown }>(async () => {
      throw new Error("fetchFeed is provided by the app");
    }),
  },
  delays: {
    poll: FEED_POLL_MS,
    backoff: ({ context }) => Math.min(FEED_BACKOFF_MAX_MS, FEED_BACKOFF_FIRST_MS * 2 ** Math.max(0, context.failures - 1)),
  },
}).createMachine({
  id: "priceFeed",
  description:
    "Live prices for one page: polled every 5 s while the page is visible and the browser online, with back-off after failures. The app sends feed.hidden at once if the page starts hidden.",
  context: ({ input }) => ({ query: input.query, latest: input.first ?? null, failures: 0 }),
  initial: "starting",
  states: {
    starting: {
      description: "With an answer already in hand it is shown at once and the next poll waits its turn; else the first poll starts now.",
      always: [{ guard: "hasStaleData", target: "#priceFeed.polling.stale" }, { guard: "hasData", target: "#priceFeed.polling.live" }, { target: "polling" }],
    },
    polling: {
      description: "The page is visible and the browser online.",
      initial: "fetching",
      on: {
        "feed.hidden": { target: "paused" },
        "feed.offline": { target: "offline" },
        "feed.query": { target: ".fetching", reenter: true, actions: "setQuery" },
      },
      states: {
        fetching: {
          tags: ["refreshing"],
          invoke: {
            id: "fetchFeed",
            src: "fetchFeed",
            input: ({ context }) => ({ query: context.query }),
            onDone: [
              { guard: { type: "isStale", params: output }, target: "stale", actions: { type: "keepSnapshot", params: output } },
              { target: "live", actions: { type: "keepSnapshot", params: output } },
            ],
            onError: [
              {
                guard: { type: "isOfflineFailure", params: errorOf },
                description: "The browser has no network.",
                target: "#priceFeed.offline",
                actions: "countFailure",
              },
              { guard: "hasData", target: "retrying", actions: "countFailure" },
              { target: "failed", actions: "countFailure" },
            ],
          },
        },
        live: {
          tags: ["live"],
          after: { poll: { target: "fetching" } },
        },
        stale: {
          tags: ["stale"],
          description: "The server answered with its last known prices: its own source has stopped.",
          after: { poll: { target: "fetching" } },
        },
        retrying: {
          tags: ["retrying"],
          description: "The last poll failed; the last prices stay on screen while it waits to try again.",
          after: { backoff: { target: "fetching" } },
          on: { "feed.retry": { target: "fetching" } },
        },
        failed: {
          tags: ["failed"],
          description: "No answer yet, and the last poll failed; tries again with back-off or when asked.",
          after: { backoff: { target: "fetching" } },
          on: { "feed.retry": { target: "fetching" } },
        },
      },
    },
    paused: {
      tags: ["paused"],
      description: "The page is hidden: no polls until it is visible again.",
      on: {
        "feed.visible": { target: "polling" },
        "feed.offline": { target: "offline" },
        "feed.query": { actions: "setQuery" },
      },
    },
    offline: {
      tags: ["offline"],
      description: "The browser has no network; polls resume when it is back.",
      on: {
        "feed.online": { target: "polling" },
        "feed.retry": { target: "polling" },
        "feed.query": { actions: "setQuery" },
      },
    },
  },
});
