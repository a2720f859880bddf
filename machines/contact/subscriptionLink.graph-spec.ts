// Samples the statechart tools drive the newsletter links' page with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { failed } from "./contact.fixtures.ts";
import type { LinkEvent, LinkInput } from "./contact.types.ts";

const token = "A".repeat(43);

export const subscriptionLinkGraphSpec: MachineGraphSpec<LinkInput, LinkEvent> = {
  inputs: [
    { action: "confirm", token },
    { action: "unsubscribe", token },
    { action: "confirm", token: null },
  ],
  events: [{ type: "link.retry" }],
  actors: {
    followLink: {
      done: [{ state: "confirmed" }, { state: "alreadyUnsubscribed" }],
      error: [failed("badRequest", "linkExpired"), failed("notFound", "linkInvalid"), failed("network")],
    },
  },
};
