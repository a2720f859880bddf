// Push subscriptions for the pushToken graph spec, machine tests and view tests. Only tests and
// graph specs import this file: test data never reaches the app's bundle.
import { TOKEN_MAX_AGE_MS, type PushEnvironment, type PushSubscriptionRecord } from "./pushToken.machine.ts";

/** A subscription made at `createdAt` (ms since the epoch); an empty token is Firebase's known failure. */
export const pushRecord = (createdAt: number, token = "fcm-token"): PushSubscriptionRecord => ({
  token,
  createdAt,
  endpoint: "https://push.example/abc",
  auth: "auth",
  p256dh: "p256dh",
  swScope: "/firebase-cloud-messaging-push-scope",
  vapidKey: "vapid",
});

/** A browser where push works, read at the moment a token made at 0 turns too old to keep. */
export const pushEnvironment = (permission: PushEnvironment["permission"], stored: PushSubscriptionRecord | null = null): PushEnvironment => ({
  supported: true,
  configured: true,
  secure: true,
  permission,
  stored,
  now: TOKEN_MAX_AGE_MS,
});
