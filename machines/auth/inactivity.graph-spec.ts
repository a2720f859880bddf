// Samples the statechart tools drive the inactivity machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS, type InactivityEvent } from "./inactivity.machine.ts";

export const inactivityGraphSpec: MachineGraphSpec<undefined, InactivityEvent> = {
  events: [
    { type: "inactivity.activity", at: ACTIVITY_THROTTLE_MS },
    { type: "inactivity.activity", at: ACTIVITY_THROTTLE_MS - 1 },
  ],
  actors: {
    readIdleTime: {
      done: [
        { now: IDLE_TIMEOUT_MS, lastActivityAt: 0 },
        { now: IDLE_TIMEOUT_MS + 1, lastActivityAt: 0 },
      ],
      error: [new Error("storage unavailable")],
    },
    listenForActivity: { error: [new Error("no window")] },
  },
};
