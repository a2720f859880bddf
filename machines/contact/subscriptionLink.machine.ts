// The pages e-mailed links open (issue 28): confirm a subscription, or unsubscribe with one click.
// Opening the link is the person's click, so the call goes at once; a failure that trying again
// may mend (offline, a server error) offers a retry, a bad or expired link says what to do instead.
import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failedWith, failureOf } from "../failure.ts";
import type { LinkContext, LinkEvent, LinkInput, LinkTag, SubscriptionAnswer } from "./contact.types.ts";

export const subscriptionLinkMachine = setup({
  types: { context: {} as LinkContext, events: {} as LinkEvent, tags: {} as LinkTag, input: {} as LinkInput },
  actors: {
    /** /subscriber/confirm or /subscriber/unsubscribe, by the action. */
    followLink: fromPromise<SubscriptionAnswer, { action: LinkInput["action"]; token: string }>(async () => {
      throw new Error("followLink is provided by the app");
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== "",
    isLinkProblem: (_, error: unknown) =>
      failedWith(error, { reason: "linkInvalid" }) || failedWith(error, { reason: "linkExpired" }) || failedWith(error, { reason: "validation" }),
  },
  actions: {
    keepState: assign((_, answer: SubscriptionAnswer) => ({ state: answer.state, failure: null })),
    fail: assign((_, error: unknown) => ({ failure: failureOf("link", error) })),
    failNoToken: assign({ failure: () => failureOf("link", { code: "badRequest", data: { reason: "linkInvalid" } }) }),
  },
}).createMachine({
  id: "subscriptionLink",
  description: "A newsletter link's page: confirms or unsubscribes at once, then says what happened.",
  context: ({ input }) => ({ ...input, state: null, failure: null }),
  initial: "checking",
  states: {
    checking: {
      always: [
        { guard: "hasToken", target: "working" },
        { target: "failed", actions: "failNoToken" },
      ],
    },
    working: {
      tags: ["working"],
      invoke: {
        id: "followLink",
        src: "followLink",
        input: ({ context }) => ({ action: context.action, token: context.token ?? "" }),
        onDone: { target: "done", actions: { type: "keepState", params: output } },
        onError: [
          { guard: { type: "isLinkProblem", params: errorOf }, target: "failed", actions: { type: "fail", params: errorOf } },
          { target: "retryable", actions: { type: "fail", params: errorOf } },
        ],
      },
    },
    done: {
      type: "final",
      tags: ["done"],
      description: "Confirmed or unsubscribed (now, or already before).",
    },
    failed: {
      type: "final",
      tags: ["failed"],
      description: "The link is not valid or has expired: the page says how to get a new one.",
    },
    retryable: {
      tags: ["failed", "retryable"],
      description: "Offline or a server error: the same link may work in a moment.",
      on: { "link.retry": { target: "working" } },
    },
  },
});
