// The contact page's form (issue 28): a start token from the server when the form opens (the
// minimum fill time), the send, and the two refusals a person should never have to handle: a
// send quicker than the minimum is held for the wait the server names and sent again by itself,
// and a token too old is renewed and the send held for the minimum before it goes again.
import { assign, fromPromise, setup } from "xstate";
import type { ContactBody } from "../../contract/index.ts";
import { errorOf, output } from "../event-body.ts";
import { failedWith, failureOf } from "../failure.ts";
import type { ContactContext, ContactEvent, ContactTag, FormToken } from "./contact.types.ts";

const call = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`);
  });

export const contactFormMachine = setup({
  types: { context: {} as ContactContext, events: {} as ContactEvent, tags: {} as ContactTag },
  actors: {
    /** /contactus/start. */
    startForm: call<FormToken, void>("startForm"),
    /** /contactus/add. */
    sendMessage: call<unknown, ContactBody>("sendMessage"),
  },
  delays: {
    holdDelay: ({ context }) => context.holdMs,
  },
  guards: {
    isTooFast: (_, error: unknown) => failedWith(error, { reason: "formTooFast" }),
    isFormExpired: (_, error: unknown) => failedWith(error, { reason: "formExpired" }),
  },
  actions: {
    keepToken: assign((_, formToken: FormToken) => ({ formToken, failure: null })),
    holdForMinimum: assign(({ context }) => ({ holdMs: (context.formToken?.minSeconds ?? 0) * 1000 })),
    holdForServer: assign((_, error: unknown) => ({ holdMs: (failureOf("send", error).retryAfter ?? 1) * 1000 })),
    keepDraft: assign(({ event }) => (event.type === "contact.submit" ? { draft: { fields: event.fields, honeypot: event.honeypot }, failure: null } : {})),
    forgetDraft: assign({ draft: null, failure: null }),
    failStart: assign((_, error: unknown) => ({ failure: failureOf("start", error) })),
    failSend: assign((_, error: unknown) => ({ failure: failureOf("send", error) })),
  },
}).createMachine({
  id: "contactForm",
  description: "The contact form: its start token, the send (held when too quick, renewed when too old), and the thank-you.",
  context: { formToken: null, draft: null, failure: null, holdMs: 0 },
  initial: "opening",
  states: {
    opening: {
      tags: ["opening", "form"],
      invoke: {
        id: "startForm",
        src: "startForm",
        onDone: { target: "editing", actions: { type: "keepToken", params: output } },
        onError: { target: "openFailed", actions: { type: "failStart", params: errorOf } },
      },
      // Sent before the token arrived (autofill and Enter): a token is fetched for it, then it waits out the minimum.
      on: { "contact.submit": { target: "renewing", actions: "keepDraft" } },
    },
    openFailed: {
      tags: ["openFailed"],
      description: "The form could not be readied (offline?): said so, with a button to try again.",
      on: { "contact.retry": { target: "opening" } },
    },
    editing: {
      tags: ["form"],
      description: "The form; a refused send shows here, each field's problem beside it.",
      on: { "contact.submit": { target: "sending", actions: "keepDraft" } },
    },
    sending: {
      tags: ["form", "busy"],
      invoke: {
        id: "sendMessage",
        src: "sendMessage",
        input: ({ context }) => ({ ...context.draft!.fields, formToken: context.formToken?.formToken ?? "", website: context.draft!.honeypot }),
        onDone: { target: "sent", actions: "forgetDraft" },
        onError: [
          { guard: { type: "isTooFast", params: errorOf }, target: "holding", actions: { type: "holdForServer", params: errorOf } },
          { guard: { type: "isFormExpired", params: errorOf }, target: "renewing" },
          { target: "editing", actions: { type: "failSend", params: errorOf } },
        ],
      },
    },
    holding: {
      tags: ["form", "busy"],
      description: "Sent quicker than a person fills the form: held for the wait the server named, then sent again.",
      after: { holdDelay: { target: "sending" } },
    },
    renewing: {
      tags: ["form", "busy"],
      description: "The form was open longer than its token lives: a new token, then the send is held for the minimum.",
      invoke: {
        id: "renewToken",
        src: "startForm",
        onDone: { target: "holding", actions: [{ type: "keepToken", params: output }, "holdForMinimum"] },
        onError: { target: "editing", actions: { type: "failSend", params: errorOf } },
      },
    },
    sent: {
      tags: ["sent"],
      description: "Thanks: the message reached the team, and a receipt went to the sender.",
      on: { "contact.another": { target: "editing" } },
    },
  },
});
