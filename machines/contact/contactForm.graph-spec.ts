// Samples the statechart tools drive the contact form with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { contactFields, failed, formToken } from "./contact.fixtures.ts";
import type { ContactEvent } from "./contact.types.ts";

export const contactFormGraphSpec: MachineGraphSpec<undefined, ContactEvent> = {
  events: [{ type: "contact.submit", fields: contactFields, honeypot: "" }, { type: "contact.retry" }, { type: "contact.another" }],
  actors: {
    startForm: { done: [formToken], error: [failed("network")] },
    sendMessage: {
      done: [{ received: true }],
      error: [
        failed("badRequest", "validation", { fieldKeys: { message: "message.tooShort" } }),
        failed("invalid", "formTooFast", { retryAfter: 2 }),
        failed("invalid", "formExpired"),
        failed("rateLimited", "rateLimited", { retryAfter: 600 }),
      ],
    },
  },
};
