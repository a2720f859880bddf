// Samples the statechart tools drive the socialPopup machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { PopupHandle, SocialPopupEvent, SocialPopupInput } from "./socialPopup.machine.ts";

// Distinct request ids keep the two fakes apart in path keys (functions do not serialize).
const openWindow = (requestId: string, closed: boolean): PopupHandle => ({ requestId, isClosed: () => closed, close: () => {} });

export const socialPopupGraphSpec: MachineGraphSpec<SocialPopupInput, SocialPopupEvent> = {
  inputs: [{ provider: "google" }, { provider: "google", resume: { requestId: "r-1" } }],
  events: [
    { type: "social.result", requestId: "r-1", code: "one-time-code" },
    { type: "social.result", requestId: "r-0", code: "stale-code" },
    { type: "social.failure", requestId: "r-1", reason: "unauthorizedDomain" },
    { type: "social.failure", requestId: "r-0", reason: "denied" },
    { type: "social.request", provider: "apple" },
  ],
  actors: {
    openPopup: { done: [openWindow("r-1", false), openWindow("r-2", true), null], error: [new Error("window.open threw")] },
    listenForResult: { error: [new Error("no BroadcastChannel")] },
  },
};
