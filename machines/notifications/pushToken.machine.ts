import { assign, fromPromise, setup } from "xstate";
import { output } from "../event-body.ts";

/** Spec section 9: a push token is refreshed once it is older than 7 days. */
export const TOKEN_MAX_AGE_MS = 604_800_000;

/** Spec section 3: what is kept of a push subscription. */
export interface PushSubscriptionRecord {
  token: string;
  /** When the token was made (ms since the epoch). */
  createdAt: number;
  endpoint: string | null;
  auth: string | null;
  p256dh: string | null;
  swScope: string;
  vapidKey: string;
}

/** What the browser and the build allow, read once when the watch starts. */
export interface PushEnvironment {
  /** Notifications, service workers and push exist here, and Firebase messaging supports this browser. */
  supported: boolean;
  /** The build carries a Firebase configuration and a VAPID key. */
  configured: boolean;
  /**
   * False when the page is not a secure context (plain HTTP away from localhost): browsers hide
   * push there, so the site's address is at fault, not the browser. Absent: not known to be insecure.
   */
  secure?: boolean;
  permission: "default" | "granted" | "denied";
  stored: PushSubscriptionRecord | null;
  now: number;
}

/** The four failures of spec section 8, and a failed registration with our server. */
export type PushError = "permissionDenied" | "permissionError" | "tokenMissing" | "tokenError" | "registerFailed";

/**
 * Why push cannot work here, so the view blames the right party: this site's configuration
 * (`notConfigured`: no Firebase configuration or VAPID key, as with the embedded default;
 * `insecure`: not served over HTTPS), the browser (`unsupported`), or a check that failed.
 * A permission the user refused is not among them: that is the `blocked` state, which can retry.
 */
export type PushUnavailable = "notConfigured" | "insecure" | "unsupported" | "checkFailed";

export interface PushTokenContext {
  subscription: PushSubscriptionRecord | null;
  /** When the environment was read or the last token was made: the refresh timer counts from it. */
  now: number;
  error: PushError | null;
  unavailable: PushUnavailable | null;
}

export type PushTokenEvent =
  /** The user asked for notifications (a button): the only time permission is requested. */
  { type: "push.enable" };

/**
 * What views read instead of state names: where the push token stands. `asking` while the
 * browser asks the user, `enabling` while a token is made and registered.
 */
export type PushTokenTag = "checking" | "notAsked" | "asking" | "blocked" | "enabling" | "on" | "failed";

const isFresh = (record: PushSubscriptionRecord | null, now: number) => record !== null && now - record.createdAt <= TOKEN_MAX_AGE_MS;

export const pushTokenMachine = setup({
  types: { context: {} as PushTokenContext, events: {} as PushTokenEvent, tags: {} as PushTokenTag },
  guards: {
    isNotConfigured: (_, env: PushEnvironment) => !env.configured,
    isInsecure: (_, env: PushEnvironment) => env.secure === false,
    isUnsupported: (_, env: PushEnvironment) => !env.supported,
    hasFreshToken: (_, env: PushEnvironment) => env.permission === "granted" && isFresh(env.stored, env.now),
    isDenied: (_, env: PushEnvironment) => env.permission === "denied",
    isGranted: (_, env: PushEnvironment) => env.permission === "granted",
    wasGranted: (_, permission: NotificationPermission) => permission === "granted",
    wasDenied: (_, permission: NotificationPermission) => permission === "denied",
    isEmptyToken: (_, record: PushSubscriptionRecord) => !record?.token,
  },
  actions: {
    readEnvironment: assign((_, env: PushEnvironment) => ({ subscription: env.stored, now: env.now })),
    keepSubscription: assign((_, record: PushSubscriptionRecord) => ({ subscription: record, now: record.createdAt, error: null })),
    clearError: assign({ error: null }),
    fail: assign({ error: (_, { error }: { error: PushError }) => error }),
    markUnavailable: assign({ unavailable: (_, { reason }: { reason: PushUnavailable }) => reason }),
    // The app keeps the subscription in storage, so a reload knows its age.
    storeSubscription: () => {},
  },
  actors: {
    inspectPush: fromPromise<PushEnvironment>(async () => ({ supported: false, configured: false, permission: "default", stored: null, now: 0 })),
    requestPermission: fromPromise<NotificationPermission>(async () => "default"),
    /** Firebase messaging's getToken, loaded on demand; `refresh` deletes the old token first. */
    getToken: fromPromise<PushSubscriptionRecord, { refresh: boolean }>(async () => {
      throw new Error("getToken is provided by the app");
    }),
    registerToken: fromPromise<void, { subscription: PushSubscriptionRecord }>(async () => {}),
  },
  delays: {
    // Until the token is older than 7 days, counted from when it was made.
    untilRefresh: ({ context }) => Math.max(0, (context.subscription?.createdAt ?? context.now) + TOKEN_MAX_AGE_MS + 1 - context.now),
  },
}).createMachine({
  id: "pushToken",
  description: "A signed-in user's push token: asked for on a user action, kept, registered, and refreshed after 7 days.",
  context: { subscription: null, now: 0, error: null, unavailable: null },
  initial: "checking",
  states: {
    checking: {
      tags: "checking",
      invoke: {
        id: "inspectPush",
        src: "inspectPush",
        onDone: [
          // The site's configuration first: it holds for every browser.
          {
            guard: { type: "isNotConfigured", params: output },
            description: "No Firebase configuration or VAPID key in this build.",
            target: "unavailable",
            actions: { type: "markUnavailable", params: { reason: "notConfigured" } },
          },
          {
            guard: { type: "isInsecure", params: output },
            description: "Not served over HTTPS.",
            target: "unavailable",
            actions: { type: "markUnavailable", params: { reason: "insecure" } },
          },
          {
            guard: { type: "isUnsupported", params: output },
            description: "This browser has no web push.",
            target: "unavailable",
            actions: { type: "markUnavailable", params: { reason: "unsupported" } },
          },
          { guard: { type: "isDenied", params: output }, target: "blocked", actions: { type: "readEnvironment", params: output } },
          { guard: { type: "hasFreshToken", params: output }, target: "ready", actions: { type: "readEnvironment", params: output } },
          {
            guard: { type: "isGranted", params: output },
            description: "Granted before, token missing or older than 7 days.",
            target: "gettingToken",
            actions: { type: "readEnvironment", params: output },
          },
          { target: "idle", actions: { type: "readEnvironment", params: output } },
        ],
        onError: { target: "unavailable", actions: { type: "markUnavailable", params: { reason: "checkFailed" } } },
      },
    },
    unavailable: {
      type: "final",
      description: "Push cannot work here (context.unavailable says why); nothing else depends on it.",
    },
    idle: {
      tags: "notAsked",
      description: "Permission not asked yet: never at page load, only when the user asks.",
      on: { "push.enable": "requestingPermission" },
    },
    blocked: {
      tags: "blocked",
      description: "The user denied notifications in the browser; asking again shows why nothing happens.",
      on: { "push.enable": "requestingPermission" },
    },
    requestingPermission: {
      tags: "asking",
      entry: "clearError",
      invoke: {
        id: "requestPermission",
        src: "requestPermission",
        onDone: [
          { guard: { type: "wasGranted", params: output }, target: "gettingToken" },
          { guard: { type: "wasDenied", params: output }, target: "blocked", actions: { type: "fail", params: { error: "permissionDenied" } } },
          { description: "The prompt was dismissed: ask again later.", target: "idle" },
        ],
        onError: { target: "idle", actions: { type: "fail", params: { error: "permissionError" } } },
      },
    },
    gettingToken: {
      tags: "enabling",
      invoke: {
        id: "getToken",
        src: "getToken",
        input: ({ context }) => ({ refresh: context.subscription !== null }),
        onDone: [
          { guard: { type: "isEmptyToken", params: output }, target: "failed", actions: { type: "fail", params: { error: "tokenMissing" } } },
          { target: "registering", actions: [{ type: "keepSubscription", params: output }, "storeSubscription"] },
        ],
        onError: { target: "failed", actions: { type: "fail", params: { error: "tokenError" } } },
      },
    },
    registering: {
      tags: "enabling",
      description: "The server learns the token for the signed-in user.",
      invoke: {
        id: "registerToken",
        src: "registerToken",
        input: ({ context }) => ({ subscription: context.subscription! }),
        onDone: { target: "ready" },
        onError: { target: "failed", actions: { type: "fail", params: { error: "registerFailed" } } },
      },
    },
    ready: {
      tags: "on",
      description: "Token kept and registered; refreshed once it is 7 days old.",
      after: { untilRefresh: "gettingToken" },
    },
    failed: {
      tags: "failed",
      on: { "push.enable": "requestingPermission" },
    },
  },
});
