import { assign, fromPromise, setup } from "xstate";
import type { MachineGraphSpec } from "../graph-spec.ts";

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
  permission: "default" | "granted" | "denied";
  stored: PushSubscriptionRecord | null;
  now: number;
}

/** The four failures of spec section 8, and a failed registration with our server. */
export type PushError = "permissionDenied" | "permissionError" | "tokenMissing" | "tokenError" | "registerFailed";

export interface PushTokenContext {
  subscription: PushSubscriptionRecord | null;
  /** When the environment was read or the last token was made: the refresh timer counts from it. */
  now: number;
  error: PushError | null;
}

export type PushTokenEvent =
  /** The user asked for notifications (a button): the only time permission is requested. */
  { type: "push.enable" };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const isFresh = (record: PushSubscriptionRecord | null, now: number) => record !== null && now - record.createdAt <= TOKEN_MAX_AGE_MS;

export const pushTokenMachine = setup({
  types: { context: {} as PushTokenContext, events: {} as PushTokenEvent },
  guards: {
    cannotPush: ({ event }) => {
      const env = outputOf<PushEnvironment>(event);
      return !env.supported || !env.configured;
    },
    isDenied: ({ event }) => outputOf<PushEnvironment>(event).permission === "denied",
    hasFreshToken: ({ event }) => {
      const env = outputOf<PushEnvironment>(event);
      return env.permission === "granted" && isFresh(env.stored, env.now);
    },
    isGranted: ({ event }) => outputOf<PushEnvironment>(event).permission === "granted",
    wasGranted: ({ event }) => outputOf<NotificationPermission>(event) === "granted",
    wasDenied: ({ event }) => outputOf<NotificationPermission>(event) === "denied",
    isEmptyToken: ({ event }) => !outputOf<PushSubscriptionRecord>(event)?.token,
  },
  actions: {
    readEnvironment: assign(({ event }) => {
      const env = outputOf<PushEnvironment>(event);
      return { subscription: env.stored, now: env.now };
    }),
    keepSubscription: assign(({ event }) => {
      const record = outputOf<PushSubscriptionRecord>(event);
      return { subscription: record, now: record.createdAt, error: null };
    }),
    clearError: assign({ error: null }),
    failPermissionDenied: assign({ error: "permissionDenied" as const }),
    failPermissionError: assign({ error: "permissionError" as const }),
    failTokenMissing: assign({ error: "tokenMissing" as const }),
    failTokenError: assign({ error: "tokenError" as const }),
    failRegister: assign({ error: "registerFailed" as const }),
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
  context: { subscription: null, now: 0, error: null },
  initial: "checking",
  states: {
    checking: {
      invoke: {
        id: "inspectPush",
        src: "inspectPush",
        onDone: [
          { guard: "cannotPush", description: "No Firebase configuration, or no support in this browser.", target: "unavailable" },
          { guard: "isDenied", target: "blocked", actions: "readEnvironment" },
          { guard: "hasFreshToken", target: "ready", actions: "readEnvironment" },
          { guard: "isGranted", description: "Granted before, token missing or older than 7 days.", target: "gettingToken", actions: "readEnvironment" },
          { target: "idle", actions: "readEnvironment" },
        ],
        onError: { target: "unavailable" },
      },
    },
    unavailable: {
      type: "final",
      description: "Push cannot work here; nothing else depends on it.",
    },
    idle: {
      description: "Permission not asked yet: never at page load, only when the user asks.",
      on: { "push.enable": "requestingPermission" },
    },
    blocked: {
      description: "The user denied notifications in the browser; asking again shows why nothing happens.",
      on: { "push.enable": "requestingPermission" },
    },
    requestingPermission: {
      entry: "clearError",
      invoke: {
        id: "requestPermission",
        src: "requestPermission",
        onDone: [
          { guard: "wasGranted", target: "gettingToken" },
          { guard: "wasDenied", target: "blocked", actions: "failPermissionDenied" },
          { description: "The prompt was dismissed: ask again later.", target: "idle" },
        ],
        onError: { target: "idle", actions: "failPermissionError" },
      },
    },
    gettingToken: {
      invoke: {
        id: "getToken",
        src: "getToken",
        input: ({ context }) => ({ refresh: context.subscription !== null }),
        onDone: [
          { guard: "isEmptyToken", target: "failed", actions: "failTokenMissing" },
          { target: "registering", actions: ["keepSubscription", "storeSubscription"] },
        ],
        onError: { target: "failed", actions: "failTokenError" },
      },
    },
    registering: {
      description: "The server learns the token for the signed-in user.",
      invoke: {
        id: "registerToken",
        src: "registerToken",
        input: ({ context }) => ({ subscription: context.subscription! }),
        onDone: { target: "ready" },
        onError: { target: "failed", actions: "failRegister" },
      },
    },
    ready: {
      description: "Token kept and registered; refreshed once it is 7 days old.",
      after: { untilRefresh: "gettingToken" },
    },
    failed: {
      on: { "push.enable": "requestingPermission" },
    },
  },
});

// Pure, so bundles drop the GraphSpec the app never imports.
const record = /* @__NO_SIDE_EFFECTS__ */ (createdAt: number, token = "fcm-token"): PushSubscriptionRecord => ({
  token,
  createdAt,
  endpoint: "https://push.example/abc",
  auth: "auth",
  p256dh: "p256dh",
  swScope: "/firebase-cloud-messaging-push-scope",
  vapidKey: "vapid",
});
// Pure, so bundles drop the GraphSpec the app never imports.
const env = /* @__NO_SIDE_EFFECTS__ */ (permission: PushEnvironment["permission"], stored: PushSubscriptionRecord | null = null): PushEnvironment => ({
  supported: true,
  configured: true,
  permission,
  stored,
  now: TOKEN_MAX_AGE_MS,
});

export const pushTokenGraphSpec: MachineGraphSpec<undefined, PushTokenEvent> = {
  events: [{ type: "push.enable" }],
  actors: {
    inspectPush: {
      done: [
        { ...env("default"), configured: false },
        /* @__PURE__ */ env("denied"),
        /* @__PURE__ */ env("granted", /* @__PURE__ */ record(1)),
        { ...env("granted", /* @__PURE__ */ record(0)), now: TOKEN_MAX_AGE_MS + 1 },
        /* @__PURE__ */ env("default"),
      ],
      error: [/* @__PURE__ */ new Error("isSupported threw")],
    },
    requestPermission: { done: ["granted", "denied", "default"], error: [/* @__PURE__ */ new Error("requestPermission threw")] },
    getToken: { done: [/* @__PURE__ */ record(TOKEN_MAX_AGE_MS), /* @__PURE__ */ record(TOKEN_MAX_AGE_MS, "")], error: [/* @__PURE__ */ new Error("messaging/token-unsubscribe-failed")] },
    registerToken: { done: [undefined], error: [/* @__PURE__ */ new Error("network")] },
  },
};
