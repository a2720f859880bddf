// Samples the statechart tools drive the pushToken machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { TOKEN_MAX_AGE_MS, type PushEnvironment, type PushSubscriptionRecord, type PushTokenEvent } from "./pushToken.machine.ts";

const record = (createdAt: number, token = "fcm-token"): PushSubscriptionRecord => ({
  token,
  createdAt,
  endpoint: "https://push.example/abc",
  auth: "auth",
  p256dh: "p256dh",
  swScope: "/firebase-cloud-messaging-push-scope",
  vapidKey: "vapid",
});
const env = (permission: PushEnvironment["permission"], stored: PushSubscriptionRecord | null = null): PushEnvironment => ({
  supported: true,
  configured: true,
  secure: true,
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
        { ...env("default"), secure: false },
        { ...env("default"), supported: false },
        env("denied"),
        env("granted", record(1)),
        { ...env("granted", record(0)), now: TOKEN_MAX_AGE_MS + 1 },
        env("default"),
      ],
      error: [new Error("isSupported threw")],
    },
    requestPermission: { done: ["granted", "denied", "default"], error: [new Error("requestPermission threw")] },
    getToken: { done: [record(TOKEN_MAX_AGE_MS), record(TOKEN_MAX_AGE_MS, "")], error: [new Error("messaging/token-unsubscribe-failed")] },
    registerToken: { done: [undefined], error: [new Error("network")] },
  },
};
