// The newsletter's sign-up form (issue 28), on the contact page and in the public footer: the
// address is sent, and the answer is the same whatever its state (the mailbox says the rest).
import { assign, fromPromise, setup } from "xstate";
import type { SubscribeBody } from "../../contract/index.ts";
import { errorOf } from "../event-body.ts";
import { failureOf } from "../failure.ts";
import type { NewsletterContext, NewsletterEvent, NewsletterTag } from "./contact.types.ts";

export const newsletterSignupMachine = setup({
  types: { context: {} as NewsletterContext, events: {} as NewsletterEvent, tags: {} as NewsletterTag },
  actors: {
    /** /subscriber/add. */
    subscribe: fromPromise<unknown, SubscribeBody>(async () => {
      throw new Error("subscribe is provided by the app");
    }),
  },
  actions: {
    keepEmail: assign(({ event }) => (event.type === "newsletter.subscribe" ? { email: event.email, failure: null } : {})),
    fail: assign((_, error: unknown) => ({ failure: failureOf("subscribe", error) })),
  },
}).createMachine({
  id: "newsletterSignup",
  description: 'The newsletter sign-up: the address sent, then "check your inbox" whatever its state.',
  context: { failure: null, email: null },
  initial: "editing",
  states: {
    editing: {
      tags: ["form"],
      on: { "newsletter.subscribe": { target: "sending", actions: "keepEmail" } },
    },
    sending: {
      tags: ["form", "busy"],
      invoke: {
        id: "subscribe",
        src: "subscribe",
        input: ({ event }) => (event.type === "newsletter.subscribe" ? { email: event.email, website: event.honeypot } : { email: "" }),
        onDone: { target: "sent" },
        onError: { target: "editing", actions: { type: "fail", params: errorOf } },
      },
    },
    sent: {
      tags: ["sent"],
      description: 'A confirmation link (or an "already subscribed" note) is on its way to the mailbox.',
      on: { "newsletter.again": { target: "editing" } },
    },
  },
});
