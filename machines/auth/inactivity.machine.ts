import { assign, fromCallback, fromPromise, setup, type EventObject } from "xstate";
import { output } from "../event-body.ts";

/** Spec section 9: logged out after 15 idle minutes, checked every 60 seconds. */
export const IDLE_TIMEOUT_MS = 900_000;
export const CHECK_INTERVAL_MS = 60_000;
/** Activity is written to storage at most this often: a mouse move fires dozens of times a second. */
export const ACTIVITY_THROTTLE_MS = 5_000;
/**
 * Beyond the spec: the check that finds more than 14 idle minutes warns. The checks are a minute
 * apart, so the next one is the one that logs out: the warning is exactly one check ahead.
 */
export const WARNING_BEFORE_MS = CHECK_INTERVAL_MS;

export interface InactivityContext {
  /** When this tab last wrote `lastActivityTime`. */
  lastRecordedAt: number;
  /** While warning: when the next check (the one that logs out) falls, for the dialog's countdown. */
  logoutAt: number | null;
}

export type InactivityEvent =
  /** Mouse move, key press, click, or the tab becoming visible, at this time (ms since the epoch). */
  | { type: "inactivity.activity"; at: number }
  /** "Stay signed in" in the warning dialog, at this time. */
  | { type: "inactivity.stay"; at: number }
  /** Another tab wrote `lastActivityTime` (its user was active, or chose to stay signed in). */
  | { type: "inactivity.activityElsewhere" };

/** What a check reads: the clock, and `lastActivityTime` as every tab of this browser wrote it. */
export interface IdleReading {
  now: number;
  lastActivityAt: number;
}

/**
 * "Stay signed in", or any activity, while warned: the session goes on if it comes before the
 * logout's check was due; later (the laptop slept through the warning) it is over.
 */
const stayed = [
  { guard: "isBeforeLogout", target: "waiting", actions: ["noteRecorded", "recordActivity"] },
  { description: "Slept past the minute: the session has timed out.", target: "timedOut" },
] as const;

/** When the user acted, for the events that say. */
const atOf = (event: InactivityEvent) => ("at" in event ? event.at : 0);

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
    isPastThrottle: ({ context, event }) => atOf(event) - context.lastRecordedAt >= ACTIVITY_THROTTLE_MS,
    // Strictly longer: exactly 15 minutes idle is not yet a logout.
    isIdleTooLong: (_, reading: IdleReading) => reading.now - reading.lastActivityAt > IDLE_TIMEOUT_MS,
    isBeforeLogout: ({ context, event }) => context.logoutAt !== null && atOf(event) <= context.logoutAt,
    isIdleNearLimit: (_, reading: IdleReading) => reading.now - reading.lastActivityAt > IDLE_TIMEOUT_MS - WARNING_BEFORE_MS,
  },
  actions: {
    noteRecorded: assign({ lastRecordedAt: ({ event }) => atOf(event) }),
    noteLogoutAt: assign({ logoutAt: (_, reading: IdleReading) => reading.now + CHECK_INTERVAL_MS }),
    forgetLogoutAt: assign({ logoutAt: null }),
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
  context: { lastRecordedAt: 0, logoutAt: null },
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
        onDone: [
          { guard: { type: "isIdleTooLong", params: output }, target: "timedOut" },
          { guard: { type: "isIdleNearLimit", params: output }, target: "warning", actions: { type: "noteLogoutAt", params: output } },
          { target: "waiting" },
        ],
        onError: { description: "Storage unreadable: check again next minute.", target: "waiting" },
      },
    },
    warning: {
      description: "More than 14 idle minutes: the dialog counts down to the next check, which logs out unless someone stays.",
      tags: "warning",
      exit: "forgetLogoutAt",
      after: { checkInterval: "checking" },
      on: {
        "inactivity.stay": stayed,
        "inactivity.activity": stayed,
        "inactivity.activityElsewhere": { description: "Another tab was active or stayed: read the stored time again.", target: "checking" },
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
