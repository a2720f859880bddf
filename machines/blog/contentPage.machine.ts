import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf, type Failure } from "../failure.ts";

/** Which page to load: a post or a partner by its address name in a language, or the partners' list. */
export interface ContentRequest {
  kind: "post" | "partner" | "partners";
  slug?: string;
  language: "en" | "ar";
}

export interface ContentPageInput {
  request: ContentRequest;
  /** The answer the HTML brought for this request, if any. */
  initial?: unknown;
}

export interface ContentPageContext {
  request: ContentRequest;
  /** The call's answer (a post, a partner, the partners' list); the view knows its type. */
  data: unknown;
  failure: Failure<"content"> | null;
}

export type ContentPageEvent =
  /** Another address or language: loads it; an older answer is dropped. */
  { type: "content.load"; request: ContentRequest } | { type: "content.retry" };

/** `loading`, `shown`, `notFound` (no such post or partner: the not-found page), `failed` (retry). */
export type ContentPageTag = "loading" | "shown" | "notFound" | "failed";

export const contentPageMachine = setup({
  types: {
    context: {} as ContentPageContext,
    events: {} as ContentPageEvent,
    input: {} as ContentPageInput,
    tags: {} as ContentPageTag,
  },
  guards: {
    broughtAnswer: ({ context }) => context.data !== null,
    isNotFound: (_, error: unknown) => {
      const failure = failureOf("content", error);
      return failure.reason === "postNotFound" || failure.reason === "partnerNotFound" || failure.fieldKeys.slug !== undefined;
    },
  },
  actions: {
    setRequest: assign(({ event }) => (event.type === "content.load" ? { request: event.request, failure: null } : {})),
    keepData: assign((_, data: unknown) => ({ data, failure: null })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf("content", error) })),
  },
  actors: {
    /** The page's one call, provided by the app. */
    fetchContent: fromPromise<unknown, ContentRequest>(async () => {
      throw new Error("fetchContent is provided by the app");
    }),
  },
}).createMachine({
  id: "contentPage",
  description: "A post, a partner's page or the partners' list: shown at once when the HTML brought it, else loaded.",
  context: ({ input }) => ({ request: input.request, data: input.initial ?? null, failure: null }),
  initial: "start",
  on: {
    "content.load": { target: ".loading", reenter: true, actions: "setRequest" },
  },
  states: {
    start: {
      always: [{ guard: "broughtAnswer", target: "shown" }, { target: "loading" }],
    },
    loading: {
      tags: ["loading"],
      invoke: {
        id: "fetchContent",
        src: "fetchContent",
        input: ({ context }) => context.request,
        onDone: { target: "shown", actions: { type: "keepData", params: output } },
        onError: [
          { guard: { type: "isNotFound", params: errorOf }, target: "notFound", actions: { type: "keepFailure", params: errorOf } },
          { target: "failed", actions: { type: "keepFailure", params: errorOf } },
        ],
      },
    },
    shown: { tags: ["shown"], description: "The page's content on screen (the last one stays while another loads)." },
    notFound: { tags: ["notFound"], description: "No published post or partner has this address: the not-found page." },
    failed: { tags: ["failed"], description: "It could not be loaded (offline, the server down).", on: { "content.retry": { target: "loading" } } },
  },
});
