// Every sign-out ends the session first: the session's actors outside the auth machine (pages'
// feeds, a pending buy) are stopped by `endSession` before stored auth is cleared and before the
// app navigates; auth's own children (inactivity watch, push token, account) end with it.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { authMachine } from "../../../machines/auth/auth.machine.ts";
import { profile } from "../../../machines/auth/auth.fixtures.ts";
import type { Profile } from "../../../machines/auth/auth.types.ts";
import { inactivityMachine } from "../../../machines/auth/inactivity.machine.ts";

function start(options: { idle?: boolean; logout?: Promise<null> } = {}) {
  const order: string[] = [];
  const note = (name: string) => () => void order.push(name);
  let profileLoads = 0;
  const watchInactivity = options.idle
    ? inactivityMachine.provide({
        delays: { checkInterval: 1 },
        actors: { readIdleTime: fromPromise(async () => ({ now: 20 * 60_000, lastActivityAt: 0 })) },
      })
    : inactivityMachine.provide({ delays: { checkInterval: 3_600_000 } });
  const machine = authMachine.provide({
    actions: {
      endSession: note("endSession"),
      clearStoredAuth: note("clearStoredAuth"),
      redirectToLogin: note("redirectToLogin"),
      redirectHome: note("redirectHome"),
    },
    actors: {
      watchInactivity,
      logout: fromPromise(() => options.logout ?? Promise.resolve(null)),
      loadProfile: fromPromise(async (): Promise<Profile> => {
        profileLoads++;
        return profile;
      }),
    },
  });
  const actor = createActor(machine, { input: { storedUser: { Token: "first" } } });
  actor.start();
  return { actor, order, profileLoads: () => profileLoads };
}

describe("auth machine: the session ends before the app navigates", () => {
  it("logout: the session's actors stop as the logout call starts, and again before home", async () => {
    let answer!: (value: null) => void;
    const { actor, order } = start({ logout: new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    actor.send({ type: "auth.logout" });
    // While the server ends the session nothing of it polls on.
    expect(order).toEqual(["endSession"]);
    answer(null);
    await waitFor(actor, (state) => state.matches("unauthenticated"));
    expect(order).toEqual(["endSession", "endSession", "clearStoredAuth", "redirectHome"]);
  });

  it("idle: ended before the logout call and before going home", async () => {
    const { actor, order } = start({ idle: true });
    await waitFor(actor, (state) => state.matches("unauthenticated"));
    expect(order[0]).toBe("endSession");
    expect(order.slice(-2)).toEqual(["clearStoredAuth", "redirectHome"]);
  });

  it("a 401: ended before stored auth is cleared and before /login", () => {
    const { actor, order } = start();
    actor.send({ type: "auth.unauthorized" });
    expect(order).toEqual(["endSession", "clearStoredAuth", "redirectToLogin"]);
  });

  it("another tab signed out: ended, and auth's own children with it", () => {
    const { actor, order } = start();
    expect(actor.getSnapshot().children.watchInactivity).toBeDefined();
    actor.send({ type: "auth.storageChanged", user: null });
    expect(order).toEqual(["endSession"]);
    expect(actor.getSnapshot().matches("unauthenticated")).toBe(true);
    expect(actor.getSnapshot().children.watchInactivity).toBeUndefined();
  });

  it("another tab signed in as someone else: this session ends, and the new one is verified and watched afresh", async () => {
    const { actor, order, profileLoads } = start();
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    const firstWatch = actor.getSnapshot().children.watchInactivity;
    const firstAccount = actor.getSnapshot().children.account;
    actor.send({ type: "auth.storageChanged", user: { Token: "second" } });
    expect(order).toEqual(["endSession"]);
    expect(actor.getSnapshot().context.user).toEqual({ Token: "second" });
    expect(actor.getSnapshot().matches({ authenticated: "verifying" })).toBe(true);
    expect(actor.getSnapshot().children.watchInactivity).not.toBe(firstWatch);
    expect(actor.getSnapshot().children.account).not.toBe(firstAccount);
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    expect(profileLoads()).toBe(2);
  });

  it("the same account written again (a profile edit in another tab) is not a new session", async () => {
    const { actor, order } = start();
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    actor.send({ type: "auth.storageChanged", user: { Token: "first", fullName: "Renamed" } });
    expect(order).toEqual([]);
    expect(actor.getSnapshot().matches({ authenticated: "active" })).toBe(true);
  });
});
