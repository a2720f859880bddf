// What contact and newsletter's machines do at their edges: spec section 7's public calls.
import { fromPromise } from "xstate";
import type { contactFormMachine } from "../../../../machines/contact/contactForm.machine.ts";
import type { newsletterSignupMachine } from "../../../../machines/contact/newsletterSignup.machine.ts";
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

export function newsletterImplementations(call: Call) {
  return {
    actors: { subscribe: fromPromise(({ input }) => call("subscribe", input)) },
  } satisfies Parameters<typeof newsletterSignupMachine.provide>[0];
}

export function subscriptionLinkImplementations(call: Call) {
  return {
    actors: {
      followLink: fromPromise(({ input }) => call(input.action === "confirm" ? "subscribeConfirm" : "unsubscribe", { token: input.token })),
    },
  } satisfies Parameters<typeof subscriptionLinkMachine.provide>[0];
}
