// Samples the statechart tools drive the newsletter sign-up with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { failed } from "./contact.fixtures.ts";
import type { NewsletterEvent } from "./contact.types.ts";

export const newsletterSignupGraphSpec: MachineGraphSpec<undefined, NewsletterEvent> = {
  events: [{ type: "newsletter.subscribe", email: "amal@example.com", honeypot: "" }, { type: "newsletter.again" }],
  actors: {
    subscribe: { done: [{ checkInbox: true }], error: [failed("rateLimited", "rateLimited", { retryAfter: 60 }), failed("network")] },
  },
};
