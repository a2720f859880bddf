import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { authMachine, tokenOf, type AuthUser } from "../../machines/auth.machine.ts";

function start(storedUser: AuthUser | null, logout = () => Promise.resolve()) {
  const effects = { clearStoredAuth: vi.fn(), redirectToLogin: vi.fn(), redirectHome: vi.fn(), logout: vi.fn(logout) };
  const machine = authMachine.provide({
    actions: {
      clearStoredAuth: effects.clearStoredAuth,
      redirectToLogin: effects.redirectToLogin,
      redirectHome: effects.redirectHome,
    },
    actors: { logout: fromPromise(() => effects.logout()) },
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

  it("ignores logout while signed out", () => {
    const { actor, effects } = start(null);
    actor.send({ type: "auth.logout" });
    expect(actor.getSnapshot().matches("unauthenticated")).toBe(true);
    expect(effects.logout).not.toHaveBeenCalled();
  });
});
