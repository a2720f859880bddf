import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf } from "../failure.ts";
import {
  hasFilters,
  type HistoryContext,
  type HistoryEvent,
  type HistoryInput,
  type HistoryPage,
  type HistoryPageRequest,
  type HistoryTag,
} from "./history.types.ts";

export type { HistoryFilters, HistoryPage, HistoryPageRequest, HistoryTag } from "./history.types.ts";

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as HistoryInput,
    tags: {} as HistoryTag,
  },
  guards: {
    isEmptyFilteredPage: ({ context }, page: HistoryPage) => page.items.length === 0 && hasFilters(context.filters),
    isEmptyPage: (_, page: HistoryPage) => page.items.length === 0,
    hasNextPage: (_, page: HistoryPage) => page.nextCursor !== null,
    isRefusedFilter: (_, error: unknown) => failureOf("history", error).reason === "validation",
  },
  actions: {
    setFilters: assign(({ event }) => ({
      filters: event.type === "history.filter" ? event.filters : {},
      items: [],
      nextCursor: null,
      failure: null,
    })),
    keepFirstPage: assign((_, page: HistoryPage) => ({ items: page.items, nextCursor: page.nextCursor, failure: null })),
    // An order already shown (it moved between pages while they loaded) is not listed twice.
    appendPage: assign(({ context }, page: HistoryPage) => {
      const shown = new Set(context.items.map((item) => item.id));
      return { items: [...context.items, ...page.items.filter((item) => !shown.has(item.id))], nextCursor: page.nextCursor, failure: null };
    }),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf("history", error) })),
  },
  actors: {
    /** One page of /user/transactions-history, provided by the app. */
    fetchPage: fromPromise<HistoryPage, HistoryPageRequest>(async () => {
      throw new Error("fetchPage is provided by the app");
    }),
  },
}).createMachine({
  id: "history",
  description: "The user's orders, newest first, a page at a time; new filters start again from the first page.",
  context: ({ input }) => ({ filters: input.filters ?? {}, items: [], nextCursor: null, failure: null }),
  initial: "loading",
  on: {
    "history.filter": { target: ".loading", reenter: true, actions: "setFilters" },
  },
  states: {
    loading: {
      tags: ["loading"],
      description: "The first page for the current filters; a change of filters cancels it, so its answer is dropped.",
      invoke: {
        id: "fetchFirstPage",
        src: "fetchPage",
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: [
          { guard: { type: "isEmptyFilteredPage", params: output }, target: "noMatch" },
          { guard: { type: "isEmptyPage", params: output }, target: "empty" },
          { guard: { type: "hasNextPage", params: output }, target: "listed.more", actions: { type: "keepFirstPage", params: output } },
          { target: "listed.complete", actions: { type: "keepFirstPage", params: output } },
        ],
        onError: [
          {
            guard: { type: "isRefusedFilter", params: errorOf },
            description: "A filter the server refuses (a date that is not one).",
            target: "refused",
            actions: { type: "keepFailure", params: errorOf },
          },
          { target: "failed", actions: { type: "keepFailure", params: errorOf } },
        ],
      },
    },
    listed: {
      tags: ["listed"],
      description: "Orders on screen.",
      initial: "complete",
      states: {
        more: {
          tags: ["hasMore"],
          on: { "history.loadMore": { target: "loadingMore" } },
        },
        loadingMore: {
          tags: ["loadingMore"],
          description: "The next (older) page; it is appended to what is shown.",
          invoke: {
            id: "fetchNextPage",
            src: "fetchPage",
            input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
            onDone: [
              { guard: { type: "hasNextPage", params: output }, target: "more", actions: { type: "appendPage", params: output } },
              { target: "complete", actions: { type: "appendPage", params: output } },
            ],
            onError: { target: "moreFailed", actions: { type: "keepFailure", params: errorOf } },
          },
        },
        moreFailed: {
          tags: ["hasMore", "moreFailed"],
          description: "The next page failed; the orders loaded stay, and it can be asked for again.",
          on: { "history.loadMore": { target: "loadingMore" } },
        },
        complete: {
          description: "The last page is on screen.",
        },
      },
    },
    empty: {
      tags: ["empty"],
      description: "No orders at all: a new user.",
    },
    noMatch: {
      tags: ["noMatch"],
      description: "Orders exist, but none matches the filters.",
    },
    failed: {
      tags: ["failed"],
      description: "The first page could not be loaded.",
      on: { "history.retry": { target: "loading" } },
    },
    refused: {
      tags: ["refused"],
      description: "The server refused a filter; a corrected filter loads again.",
    },
  },
});
