// Samples the statechart tools drive the inactivity machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS, WARNING_BEFORE_MS, type InactivityEvent } from "./inactivity.machine.ts";

export const inactivityGraphSpec: MachineGraphSpec<undefined, InactivityEvent> = {
  events: [
    { type: "inactivity.activity", at: ACTIVITY_THROTTLE_MS },
    { type: "inactivity.activity", at: ACTIVITY_THROTTLE_MS - 1 },
    { type: "inactivity.stay", at: IDLE_TIMEOUT_MS },
    // After the laptop slept through the warning.
    { type: "inactivity.stay", at: 10 * IDLE_TIMEOUT_MS },
    { type: "inactivity.activity", at: 10 * IDLE_TIMEOUT_MS },
    { type: "inactivity.activityElsewhere" },
  ],
  actors: {
    readIdleTime: {
      done: [
        // 14 idle minutes exactly: nothing yet; 15 exactly: the warning; past 15: the logout.
        { now: IDLE_TIMEOUT_MS - WARNING_BEFORE_MS, lastActivityAt: 0 },
        { now: IDLE_TIMEOUT_MS, lastActivityAt: 0 },
        { now: IDLE_TIMEOUT_MS + 1, lastActivityAt: 0 },
      ],
      error: [new Error("storage unavailable")],
    },
    listenForActivity: { error: [new Error("no window")] },
  },
};
