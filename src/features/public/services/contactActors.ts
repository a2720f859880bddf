// What the contact form's and the newsletter links' machines do at their edges: spec section 7's
// public calls (the sign-up's is in hooks/useNewsletterSignup.ts, which the footer loads).
import { fromPromise } from "xstate";
import type { contactFormMachine } from "../../../../machines/contact/contactForm.machine.ts";
import type { subscriptionLinkMachine } from "../../../../machines/contact/subscriptionLink.machine.ts";
import type { Call } from "../../../shared/api/call.ts";

export function contactFormImplementations(call: Call) {
  return {
    actors: {
      startForm: fromPromise(() => call("contactStart", {})),
      sendMessage: fromPromise(({ input }) => call("contactUs", input)),
    },
  } satisfies Parameters<typeof contactFormMachine.provide>[0];
}

export function subscriptionLinkImplementations(call: Call) {
  return {
    actors: {
      followLink: fromPromise(({ input }) => call(input.action === "confirm" ? "subscribeConfirm" : "unsubscribe", { token: input.token })),
    },
  } satisfies Parameters<typeof subscriptionLinkMachine.provide>[0];
}
