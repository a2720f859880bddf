import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf } from "../failure.ts";
import { type BlogListContext, type BlogListEvent, type BlogListInput, type BlogListTag, type BlogPage, type BlogFilters } from "./blogList.types.ts";

export type { BlogFilters, BlogListTag, BlogPage } from "./blogList.types.ts";

export const blogListMachine = setup({
  types: {
    context: {} as BlogListContext,
    events: {} as BlogListEvent,
    input: {} as BlogListInput,
    tags: {} as BlogListTag,
  },
  guards: {
    hasNoPosts: (_, page: BlogPage) => page.items.length === 0 && page.categories.length === 0,
    hasNoMatch: (_, page: BlogPage) => page.items.length === 0,
    isRefusedFilter: (_, error: unknown) => failureOf("blog", error).reason === "validation",
    broughtNoPosts: ({ context }) => context.page !== null && context.page.items.length === 0 && context.page.categories.length === 0,
    broughtNoMatch: ({ context }) => context.page !== null && context.page.items.length === 0,
    broughtPage: ({ context }) => context.page !== null,
  },
  actions: {
    setFilters: assign(({ event }) => (event.type === "blog.filter" ? { filters: event.filters, failure: null } : {})),
    keepPage: assign((_, page: BlogPage) => ({ page, failure: null })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf("blog", error) })),
  },
  actors: {
    /** One page of /blog/get-blog-withFilter, provided by the app. */
    fetchPage: fromPromise<BlogPage, BlogFilters>(async () => {
      throw new Error("fetchPage is provided by the app");
    }),
  },
}).createMachine({
  id: "blogList",
  description: "The blog page's posts for the filters in its address, newest first, a page at a time.",
  context: ({ input }) => ({ filters: input.filters, page: input.initial ?? null, failure: null }),
  initial: "start",
  on: {
    "blog.filter": { target: ".loading", reenter: true, actions: "setFilters" },
  },
  states: {
    start: {
      description: "With the page the HTML brought, it shows at once; otherwise it is asked for.",
      always: [
        { guard: "broughtNoPosts", target: "empty" },
        { guard: "broughtNoMatch", target: "noMatch" },
        { guard: "broughtPage", target: "listed" },
        { target: "loading" },
      ],
    },
    loading: {
      tags: ["loading"],
      description: "The page for the current filters; new filters cancel it, so its answer is dropped.",
      invoke: {
        id: "fetchPage",
        src: "fetchPage",
        input: ({ context }) => context.filters,
        onDone: [
          { guard: { type: "hasNoPosts", params: output }, target: "empty", actions: { type: "keepPage", params: output } },
          { guard: { type: "hasNoMatch", params: output }, target: "noMatch", actions: { type: "keepPage", params: output } },
          { target: "listed", actions: { type: "keepPage", params: output } },
        ],
        onError: [
          {
            guard: { type: "isRefusedFilter", params: errorOf },
            description: "A filter from the address the server refuses (a tag or a search too long).",
            target: "refused",
            actions: { type: "keepFailure", params: errorOf },
          },
          { target: "failed", actions: { type: "keepFailure", params: errorOf } },
        ],
      },
    },
    listed: { tags: ["listed"], description: "Posts on screen, with the page's place among the others." },
    empty: { tags: ["empty"], description: "No post in this language yet." },
    noMatch: { tags: ["noMatch"], description: "Posts exist, but none matches the filters." },
    failed: {
      tags: ["failed"],
      description: "The page could not be loaded (offline, the server down).",
      on: { "blog.retry": { target: "loading" } },
    },
    refused: { tags: ["refused"], description: "The server refused a filter; other filters load again." },
  },
});
