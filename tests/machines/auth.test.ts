import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { authMachine, tokenOf, type AuthUser, type UserInfo } from "../../machines/auth.machine.ts";

const profile: UserInfo = { id: "u-1", email: "trader@example.com" };

function start(
  storedUser: AuthUser | null,
  logout = () => Promise.resolve(),
  loadProfile: () => Promise<UserInfo> = () => Promise.resolve(profile),
) {
  const effects = {
    clearStoredAuth: vi.fn(),
    redirectToLogin: vi.fn(),
    redirectHome: vi.fn(),
    storeUserInfo: vi.fn(),
    logout: vi.fn(logout),
    loadProfile: vi.fn(loadProfile),
  };
  const machine = authMachine.provide({
    actions: {
      clearStoredAuth: effects.clearStoredAuth,
      redirectToLogin: effects.redirectToLogin,
      redirectHome: effects.redirectHome,
      storeUserInfo: ({ context }) => effects.storeUserInfo(context.userInfo),
    },
    actors: {
      logout: fromPromise(() => effects.logout()),
      loadProfile: fromPromise(() => effects.loadProfile()),
    },
  });
  const actor = createActor(machine, { input: { storedUser } }).start();
  return { actor, effects };
}

describe("auth machine", () => {
  it.each([
    [{ Token: "abc" }, "authenticated"],
    [{ token: "abc" }, "authenticated"],
    [{ Token: "" }, "unauthenticated"],
    [{ Token: 42 }, "unauthenticated"],
    [{ email: "a@b.c" }, "unauthenticated"],
    [null, "unauthenticated"],
  ] as const)("starts from stored user %j as %s", (stored, expected) => {
    const { actor } = start(stored as AuthUser | null);
    expect(actor.getSnapshot().matches(expected)).toBe(true);
  });

  it("prefers Token over token", () => {
    expect(tokenOf({ Token: "upper", token: "lower" })).toBe("upper");
  });

  it("logs out through the server, then clears storage and goes home", async () => {
    const { actor, effects } = start({ Token: "abc" });
    actor.send({ type: "auth.logout" });
    expect(actor.getSnapshot().matches({ authenticated: "loggingOut" })).toBe(true);
    await waitFor(actor, (state) => state.matches("unauthenticated"));
    expect(effects.logout).toHaveBeenCalledOnce();
    expect(effects.clearStoredAuth).toHaveBeenCalledOnce();
    expect(effects.redirectHome).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it("still signs out locally when the logout call fails", async () => {
    const { actor, effects } = start({ Token: "abc" }, () => Promise.reject(new Error("offline")));
    actor.send({ type: "auth.logout" });
    await waitFor(actor, (state) => state.matches("unauthenticated"));
    expect(effects.clearStoredAuth).toHaveBeenCalledOnce();
    expect(effects.redirectHome).toHaveBeenCalledOnce();
  });

  it("on a 401 clears stored auth and goes to /login", () => {
    const { actor, effects } = start({ Token: "abc" });
    actor.send({ type: "auth.unauthorized" });
    expect(actor.getSnapshot().matches("unauthenticated")).toBe(true);
    expect(effects.clearStoredAuth).toHaveBeenCalledOnce();
    expect(effects.redirectToLogin).toHaveBeenCalledOnce();
    expect(effects.redirectHome).not.toHaveBeenCalled();
  });

  it("follows another tab signing in and out", () => {
    const { actor, effects } = start(null);
    actor.send({ type: "auth.storageChanged", user: { Token: "from-tab" } });
    expect(actor.getSnapshot().matches("authenticated")).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual({ Token: "from-tab" });
    actor.send({ type: "auth.storageChanged", user: null });
    expect(actor.getSnapshot().matches("unauthenticated")).toBe(true);
    expect(effects.clearStoredAuth).not.toHaveBeenCalled();
  });

  it("verifies a restored session by loading the profile, and stores it", async () => {
    const { actor, effects } = start({ Token: "abc" });
    expect(actor.getSnapshot().matches({ authenticated: "verifying" })).toBe(true);
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    expect(actor.getSnapshot().context.userInfo).toEqual(profile);
    expect(effects.storeUserInfo).toHaveBeenCalledWith(profile);
  });

  it("signs out when the restored token is rejected", async () => {
    const { actor, effects } = start({ Token: "stale" }, undefined, () => Promise.reject({ code: "unauthorized" }));
    await waitFor(actor, (state) => state.matches("unauthenticated"));
    expect(effects.clearStoredAuth).toHaveBeenCalledOnce();
    expect(effects.redirectToLogin).toHaveBeenCalledOnce();
  });

  it("stays signed in when the profile call fails for another reason", async () => {
    const { actor, effects } = start({ Token: "abc" }, undefined, () => Promise.reject({ code: "network" }));
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    expect(effects.clearStoredAuth).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.userInfo).toBeNull();
  });

  it("ignores logout while signed out", () => {
    const { actor, effects } = start(null);
    actor.send({ type: "auth.logout" });
    expect(actor.getSnapshot().matches("unauthenticated")).toBe(true);
    expect(effects.logout).not.toHaveBeenCalled();
  });
});
