// Samples the statechart tools drive the pushToken machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { pushEnvironment as env, pushRecord as record } from "./notifications.fixtures.ts";
import { TOKEN_MAX_AGE_MS, type PushTokenEvent } from "./pushToken.machine.ts";

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
