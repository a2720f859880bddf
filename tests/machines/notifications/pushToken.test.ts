import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { pushRecord as record } from "../../../machines/notifications/notifications.fixtures.ts";
import { pushTokenMachine, TOKEN_MAX_AGE_MS, type PushEnvironment, type PushSubscriptionRecord } from "../../../machines/notifications/pushToken.machine.ts";

const DAY = 86_400_000;
function start(
  environment: Partial<PushEnvironment>,
  edges: { permission?: () => Promise<NotificationPermission>; token?: (refresh: boolean) => Promise<PushSubscriptionRecord> } = {},
) {
  const clock = new SimulatedClock();
  clock.set(1_000 * DAY);
  const effects = {
    requestPermission: vi.fn(edges.permission ?? (() => Promise.resolve("granted" as const))),
    getToken: vi.fn(edges.token ?? ((_refresh: boolean) => Promise.resolve(record(clock.now(), `token-${clock.now()}`)))),
    registerToken: vi.fn((_record: PushSubscriptionRecord) => Promise.resolve()),
    stored: [] as (PushSubscriptionRecord | null)[],
  };
  const env: PushEnvironment = { supported: true, configured: true, permission: "default", stored: null, now: clock.now(), ...environment };
  const machine = pushTokenMachine.provide({
    actions: { storeSubscription: ({ context }) => effects.stored.push(context.subscription) },
    actors: {
      inspectPush: fromPromise(async () => env),
      requestPermission: fromPromise(() => effects.requestPermission()),
      getToken: fromPromise(({ input }) => effects.getToken(input.refresh)),
      registerToken: fromPromise(({ input }) => effects.registerToken(input.subscription)),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, effects };
}

type PushState = Parameters<ReturnType<ReturnType<typeof start>["actor"]["getSnapshot"]>["matches"]>[0];
const settle = (actor: ReturnType<typeof start>["actor"], state: PushState) => waitFor(actor, (s) => s.matches(state) || s.status === "done");

describe("push token", () => {
  it.each([
    ["no Firebase configuration", { configured: false }, "notConfigured"],
    ["no Firebase configuration, whatever the browser", { configured: false, supported: false, secure: false }, "notConfigured"],
    ["a page not served over HTTPS", { secure: false, supported: false }, "insecure"],
    ["a browser without support", { supported: false }, "unsupported"],
  ] as const)("is unavailable with %s, says why, and asks nothing", async (_name, environment, reason) => {
    const { actor, effects } = start(environment);
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().value).toBe("unavailable");
    expect(actor.getSnapshot().context.unavailable).toBe(reason);
    expect(effects.requestPermission).not.toHaveBeenCalled();
  });

  it("is unavailable when the check itself fails, and says so", async () => {
    const machine = pushTokenMachine.provide({ actors: { inspectPush: fromPromise(() => Promise.reject(new Error("isSupported threw"))) } });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().context.unavailable).toBe("checkFailed");
  });

  it("carries no reason when push works", async () => {
    const { actor } = start({ secure: true });
    await settle(actor, "idle");
    expect(actor.getSnapshot().context.unavailable).toBeNull();
  });

  it("never asks for permission at load; asks when the user enables, then gets, keeps and registers the token", async () => {
    const { actor, effects } = start({ permission: "default" });
    await settle(actor, "idle");
    expect(effects.requestPermission).not.toHaveBeenCalled();
    actor.send({ type: "push.enable" });
    await settle(actor, "ready");
    expect(effects.requestPermission).toHaveBeenCalledOnce();
    expect(effects.getToken).toHaveBeenCalledWith(false);
    expect(effects.registerToken).toHaveBeenCalledWith(actor.getSnapshot().context.subscription);
    expect(effects.stored).toHaveLength(1);
  });

  it("refreshes the token once it is older than 7 days, without waiting a week", async () => {
    const { actor, clock, effects } = start({ permission: "granted" });
    await settle(actor, "ready");
    const first = actor.getSnapshot().context.subscription!;
    clock.increment(TOKEN_MAX_AGE_MS);
    await new Promise((r) => setTimeout(r, 0));
    expect(effects.getToken).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await settle(actor, "registering");
    await settle(actor, "ready");
    expect(effects.getToken).toHaveBeenLastCalledWith(true);
    expect(actor.getSnapshot().context.subscription!.createdAt).toBe(first.createdAt + TOKEN_MAX_AGE_MS + 1);
    expect(effects.registerToken).toHaveBeenCalledTimes(2);
  });

  it("keeps a stored token younger than 7 days and refreshes it when it comes of age", async () => {
    const now = 1_000 * DAY;
    const { actor, clock, effects } = start({ permission: "granted", stored: record(now - 6 * DAY) });
    await settle(actor, "ready");
    expect(effects.getToken).not.toHaveBeenCalled();
    clock.increment(DAY);
    await new Promise((r) => setTimeout(r, 0));
    expect(effects.getToken).not.toHaveBeenCalled();
    clock.increment(1);
    await settle(actor, "registering");
    expect(effects.getToken).toHaveBeenCalledWith(true);
  });

  it("replaces a stored token older than 7 days at once", async () => {
    const { actor, effects } = start({ permission: "granted", stored: record(1_000 * DAY - TOKEN_MAX_AGE_MS - 1) });
    await settle(actor, "ready");
    expect(effects.getToken).toHaveBeenCalledWith(true);
  });

  it.each([
    ["denied permission", { permission: () => Promise.resolve("denied" as const) }, "blocked", "permissionDenied"],
    ["a failing permission request", { permission: () => Promise.reject(new Error("no prompt")) }, "idle", "permissionError"],
    ["an empty token", { token: () => Promise.resolve(record(0, "")) }, "failed", "tokenMissing"],
    ["getToken throwing", { token: () => Promise.reject(new Error("messaging/failed-service-worker-registration")) }, "failed", "tokenError"],
  ] as const)("reports %s with its own error", async (_name, edges, state, error) => {
    const { actor } = start({}, edges);
    await settle(actor, "idle");
    actor.send({ type: "push.enable" });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().context.error).toBe(error);
  });
});
