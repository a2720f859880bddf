import { assign, fromCallback, fromPromise, setup, type EventObject } from "xstate";
import { output } from "../event-body.ts";

/** Spec section 9: logged out after 15 idle minutes, checked every 60 seconds. */
export const IDLE_TIMEOUT_MS = 900_000;
export const CHECK_INTERVAL_MS = 60_000;
/** Activity is written to storage at most this often: a mouse move fires dozens of times a second. */
export const ACTIVITY_THROTTLE_MS = 5_000;

export interface InactivityContext {
  /** When this tab last wrote `lastActivityTime`. */
  lastRecordedAt: number;
}

export type InactivityEvent =
  /** Mouse move, key press, click, or the tab becoming visible, at this time (ms since the epoch). */
  { type: "inactivity.activity"; at: number };

/** What a check reads: the clock, and `lastActivityTime` as every tab of this browser wrote it. */
export interface IdleReading {
  now: number;
  lastActivityAt: number;
}

/**
 * Watches a signed-in user for inactivity; reaches `timedOut` (final) when idle longer than
 * 15 minutes, and the auth machine that invoked it logs out. Reading the stored time at each
 * check, rather than counting ticks, is what makes other tabs' activity count and a laptop
 * that slept through the checks time out at the first check after waking.
 */
export const inactivityMachine = setup({
  types: {
    context: {} as InactivityContext,
    events: {} as InactivityEvent,
  },
  guards: {
    isPastThrottle: ({ context, event }) => event.at - context.lastRecordedAt >= ACTIVITY_THROTTLE_MS,
    // Strictly longer: exactly 15 minutes idle is not yet a logout.
    isIdleTooLong: (_, reading: IdleReading) => reading.now - reading.lastActivityAt > IDLE_TIMEOUT_MS,
  },
  actions: {
    noteRecorded: assign({ lastRecordedAt: ({ event }) => event.at }),
    // The app writes `lastActivityTime` to storage.
    recordActivity: () => {},
  },
  actors: {
    /** Sends `inactivity.activity` for the user's mouse, keys, clicks and the tab becoming visible. */
    listenForActivity: fromCallback<EventObject>(() => () => {}),
    readIdleTime: fromPromise<IdleReading>(async () => {
      throw new Error("readIdleTime is provided by the app");
    }),
  },
  delays: { checkInterval: CHECK_INTERVAL_MS },
}).createMachine({
  id: "inactivity",
  description: "Logs a signed-in user out after 15 idle minutes, across tabs and through sleep.",
  // Starting the watch (a sign-in, a page load while signed in) counts as activity.
  context: { lastRecordedAt: 0 },
  entry: "recordActivity",
  invoke: {
    id: "listenForActivity",
    src: "listenForActivity",
    onError: { description: "No activity source: the checks still read the stored time." },
  },
  on: {
    "inactivity.activity": [
      { guard: "isPastThrottle", target: ".confirmingActivity", actions: "noteRecorded" },
      { description: "Recorded less than 5 s ago: no storage write." },
    ],
  },
  initial: "waiting",
  states: {
    waiting: {
      after: { checkInterval: "checking" },
    },
    checking: {
      invoke: {
        id: "readIdleTime",
        src: "readIdleTime",
        onDone: [{ guard: { type: "isIdleTooLong", params: output }, target: "timedOut" }, { target: "waiting" }],
        onError: { description: "Storage unreadable: check again next minute.", target: "waiting" },
      },
    },
    confirmingActivity: {
      description: "The first touch after a long gap (a laptop waking) must not revive a session that has timed out: check, then record.",
      invoke: {
        id: "readIdleTimeBeforeRecording",
        src: "readIdleTime",
        onDone: [
          { guard: { type: "isIdleTooLong", params: output }, target: "timedOut" },
          { target: "waiting", actions: "recordActivity" },
        ],
        onError: { target: "waiting", actions: "recordActivity" },
      },
    },
    timedOut: { type: "final" },
  },
});
