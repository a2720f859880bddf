import { describe, expect, it, vi } from "vitest";
import { TERMS_VERSION } from "../../../contract/index.ts";
import { createActor, fromPromise, waitFor, type AnyActorLogic } from "xstate";
import { inactivityMachine } from "../../../machines/auth/inactivity.machine.ts";
import { authMachine } from "../../../machines/auth/auth.machine.ts";
import { authStateOf, tokenOf } from "../../../machines/auth/auth.state.ts";
import { codeSent, profile, signedInUser } from "../../../machines/auth/auth.fixtures.ts";
import type { AuthEmitted, Profile, SignedInUser, StoredUser } from "../../../machines/auth/auth.types.ts";

const signedIn = signedInUser();
const apiError = (code: string, data?: Record<string, unknown>) => Object.assign(new Error("server says no"), { code, data });

const callNames = ["login", "signup", "sendOtp", "verifyOtp", "forgotPassword", "resetPassword"] as const;
type Calls = Partial<Record<(typeof callNames)[number], (input: never) => Promise<unknown>>>;

function start(
  storedUser: StoredUser | null,
  logout = () => Promise.resolve(null),
  loadProfile: () => Promise<Profile> = () => Promise.resolve(profile),
  calls: Calls = {},
  watchInactivity: AnyActorLogic = inactivityMachine,
) {
  const effects = {
    clearStoredAuth: vi.fn(),
    redirectToLogin: vi.fn(),
    redirectHome: vi.fn(),
    redirectToVerifyEmail: vi.fn(),
    redirectToResetPassword: vi.fn(),
    storeUserInfo: vi.fn(),
    storeSignedInUser: vi.fn(),
    logout: vi.fn(logout),
    loadProfile: vi.fn(loadProfile),
  };
  const fake = (name: keyof Calls) => {
    const impl = vi.fn(calls[name] ?? (() => Promise.reject(new Error(`${name} not expected`))));
    return [impl, fromPromise(({ input }) => impl(input as never))] as const;
  };
  const fakes = Object.fromEntries(callNames.map((name) => [name, fake(name)])) as Record<keyof Calls, ReturnType<typeof fake>>;
  const machine = authMachine.provide({
    actions: {
      clearStoredAuth: effects.clearStoredAuth,
      redirectToLogin: effects.redirectToLogin,
      redirectHome: effects.redirectHome,
      redirectToVerifyEmail: effects.redirectToVerifyEmail,
      redirectToResetPassword: effects.redirectToResetPassword,
      storeUserInfo: ({ context }) => effects.storeUserInfo(context.userInfo),
      storeSignedInUser: ({ context }) => effects.storeSignedInUser(context.user, context.userInfo),
    },
    actors: {
      watchInactivity,
      logout: fromPromise(() => effects.logout()),
      loadProfile: fromPromise(() => effects.loadProfile()),
      ...Object.fromEntries(callNames.map((name) => [name, fakes[name][1]])),
    } as never,
  });
  const actor = createActor(machine, { input: { storedUser } });
  const emitted: AuthEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  const call = (name: keyof Calls) => fakes[name][0];
  return { actor, effects, emitted, call };
}

const settled = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (state) => !state.hasTag("loading"));

describe("auth machine", () => {
  it.each([
    [{ Token: "abc" }, "authenticated"],
    [{ token: "abc" }, "authenticated"],
    [{ Token: "" }, "unauthenticated"],
    [{ Token: 42 }, "unauthenticated"],
    [{ email: "a@b.c" }, "unauthenticated"],
    [null, "unauthenticated"],
  ] as const)("starts from stored user %j as %s", (stored, expected) => {
    const { actor } = start(stored as StoredUser | null);
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

describe("auth machine: inactivity", () => {
  it("an idle timeout logs out with the logout call and goes to /, with a notice", async () => {
    // The real inactivity machine, whose first check (after 1 ms here) finds the user idle for 20 minutes.
    const idle = inactivityMachine.provide({
      delays: { checkInterval: 1 },
      actors: { readIdleTime: fromPromise(async () => ({ now: 20 * 60_000, lastActivityAt: 0 })) },
    });
    const { actor, effects, emitted } = start({ Token: "abc" }, undefined, undefined, {}, idle);
    await waitFor(actor, (state) => state.matches("unauthenticated"));
    expect(effects.logout).toHaveBeenCalledOnce();
    expect(effects.redirectHome).toHaveBeenCalledOnce();
    expect(emitted).toContainEqual({ type: "auth.notice", notice: "idleLogout" });
  });

  it("runs the watch only while signed in", async () => {
    const { actor } = start(null);
    expect(actor.getSnapshot().children.watchInactivity).toBeUndefined();
    actor.send({ type: "auth.storageChanged", user: { Token: "from-tab" } });
    expect(actor.getSnapshot().children.watchInactivity).toBeDefined();
    actor.send({ type: "auth.storageChanged", user: null });
    expect(actor.getSnapshot().children.watchInactivity).toBeUndefined();
  });
});

describe("auth machine: the calls of spec section 4", () => {
  it("login success: authenticated, the user stored as authUser (with Token) and userInfo (without)", async () => {
    const { actor, effects, call } = start(null, undefined, undefined, { login: () => Promise.resolve(signedIn) });
    actor.send({ type: "auth.login", email: "trader@example.com", password: "correct horse battery" });
    expect(actor.getSnapshot().matches({ unauthenticated: "loggingIn" })).toBe(true);
    expect(authStateOf(actor.getSnapshot()).loading).toBe(true);
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    expect(call("login")).toHaveBeenCalledWith({ email: "trader@example.com", password: "correct horse battery" });
    const { Token: _token, ...withoutToken } = signedIn;
    expect(effects.storeSignedInUser).toHaveBeenCalledWith(signedIn, withoutToken);
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: true, authToken: "session-1", userInfo: withoutToken, loading: false });
  });

  it("treats a response's lowercase token like Token", async () => {
    const lower = { id: "u-1", email: "trader@example.com", token: "lower-1" } as unknown as SignedInUser;
    const { actor, effects } = start(null, undefined, undefined, { login: () => Promise.resolve(lower) });
    actor.send({ type: "auth.login", email: "trader@example.com", password: "correct horse battery" });
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    expect(authStateOf(actor.getSnapshot()).authToken).toBe("lower-1");
    expect(effects.storeSignedInUser).toHaveBeenCalledWith(lower, { id: "u-1", email: "trader@example.com" });
  });

  it("a second submit while a call is in flight is ignored", async () => {
    const { actor, call } = start(null, undefined, undefined, { login: () => Promise.resolve(signedIn) });
    actor.send({ type: "auth.login", email: "trader@example.com", password: "correct horse battery" });
    actor.send({ type: "auth.login", email: "trader@example.com", password: "correct horse battery" });
    actor.send({ type: "auth.signup", fullName: "X", email: "x@example.com", password: "correct horse battery", acceptedTerms: TERMS_VERSION });
    await settled(actor);
    expect(call("login")).toHaveBeenCalledOnce();
    expect(call("signup")).not.toHaveBeenCalled();
  });

  it("login failure stays signed out, keeps the server's field messages and clears them on the next try", async () => {
    const failure = apiError("badRequest", {
      reason: "validation",
      fields: { email: "Enter an e-mail address.", bogus: 3 },
      fieldKeys: { email: "email.invalid", bogus: "no.such.key" },
    });
    const { actor, effects } = start(null, undefined, undefined, { login: () => Promise.reject(failure) });
    actor.send({ type: "auth.login", email: "trader@example.com", password: "wrong password!" });
    await settled(actor);
    expect(actor.getSnapshot().matches({ unauthenticated: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({
      flow: "login",
      code: "badRequest",
      message: "server says no",
      reason: "validation",
      fields: { email: "Enter an e-mail address." },
      // Only keys the contract knows: the view translates them in the language of the moment.
      fieldKeys: { email: "email.invalid" },
      retryAfter: null,
      attemptsLeft: null,
      email: null,
    });
    expect(effects.storeSignedInUser).not.toHaveBeenCalled();
    actor.send({ type: "auth.dismiss" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("login with an unverified e-mail goes to verification with that address", async () => {
    const { actor, effects, emitted } = start(null, undefined, undefined, {
      login: () => Promise.reject(apiError("forbidden", { reason: "emailNotVerified", email: "new@example.com" })),
    });
    actor.send({ type: "auth.login", email: "new@example.com", password: "correct horse battery" });
    await settled(actor);
    expect(actor.getSnapshot().matches("unauthenticated")).toBe(true);
    expect(authStateOf(actor.getSnapshot()).signupuser).toEqual({ email: "new@example.com" });
    expect(effects.redirectToVerifyEmail).toHaveBeenCalledOnce();
    expect(emitted).toContainEqual({ type: "auth.notice", notice: "verifyEmailFirst" });
  });

  it("login refused for too many wrong passwords: stays signed out with the server's word and the e-mail to send a code to, dropping an older code", async () => {
    const { actor, effects, emitted } = start(null, undefined, undefined, {
      sendOtp: () => Promise.resolve(codeSent("someone@example.com", "old-otp")),
      login: () => Promise.reject(apiError("forbidden", { reason: "codeRequired", email: "trader@example.com" })),
    });
    actor.send({ type: "auth.sendCode", email: "someone@example.com" });
    await settled(actor);
    expect(actor.getSnapshot().context.otp).toEqual({ email: "someone@example.com", token: "old-otp" });
    emitted.length = 0;
    actor.send({ type: "auth.login", email: "Trader@example.com", password: "correct horse battery" });
    await settled(actor);
    expect(actor.getSnapshot().matches({ unauthenticated: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({
      flow: "login",
      code: "forbidden",
      message: "server says no",
      reason: "codeRequired",
      fields: {},
      fieldKeys: {},
      retryAfter: null,
      attemptsLeft: null,
      email: "trader@example.com",
    });
    expect(actor.getSnapshot().context.otp).toBeNull();
    expect(effects.redirectToVerifyEmail).not.toHaveBeenCalled();
    expect(effects.storeSignedInUser).not.toHaveBeenCalled();
    expect(emitted).toEqual([]);
  });

  it("sign-up success: still signed out, must verify; the resend cooldown starts", async () => {
    const { actor, effects, emitted } = start(null, undefined, undefined, { signup: () => Promise.resolve(codeSent("new@example.com")) });
    actor.send({ type: "auth.signup", fullName: "New", email: "new@example.com", password: "correct horse battery", acceptedTerms: TERMS_VERSION });
    await settled(actor);
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: false, signupuser: { email: "new@example.com", token: null }, authToken: null });
    expect(effects.redirectToVerifyEmail).toHaveBeenCalledOnce();
    expect(effects.storeSignedInUser).not.toHaveBeenCalled();
    expect(emitted).toContainEqual({ type: "auth.codeCooldown", seconds: 60 });
    expect(emitted).toContainEqual({ type: "auth.notice", notice: "codeSent", email: "new@example.com" });
  });

  it("a rate-limited send starts the cooldown the server asked for", async () => {
    const { actor, emitted } = start(null, undefined, undefined, {
      sendOtp: () => Promise.reject(apiError("rateLimited", { reason: "rateLimited", retryAfter: 37 })),
    });
    actor.send({ type: "auth.sendCode", email: "new@example.com" });
    await settled(actor);
    expect(emitted).toContainEqual({ type: "auth.codeCooldown", seconds: 37 });
    expect(actor.getSnapshot().context.error).toMatchObject({ flow: "sendCode", retryAfter: 37 });
  });

  it("OTP send: still signed out but the token is stored, and sent back with the code for that e-mail only", async () => {
    const { actor, call } = start(null, undefined, undefined, {
      sendOtp: () => Promise.resolve(codeSent("trader@example.com", "otp-token")),
      verifyOtp: () => Promise.reject(apiError("badRequest", { reason: "codeInvalid", attemptsLeft: 4 })),
    });
    actor.send({ type: "auth.sendCode", email: "trader@example.com" });
    await settled(actor);
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: false, authToken: "otp-token" });
    actor.send({ type: "auth.verifyCode", email: "Trader@Example.com", otp: "000000" });
    await settled(actor);
    expect(call("verifyOtp")).toHaveBeenLastCalledWith({ email: "Trader@Example.com", otp: "000000", token: "otp-token" });
    expect(actor.getSnapshot().context.error).toMatchObject({ flow: "verifyCode", reason: "codeInvalid", attemptsLeft: 4 });
    actor.send({ type: "auth.verifyCode", email: "someone@example.com", otp: "000000" });
    await settled(actor);
    expect(call("verifyOtp")).toHaveBeenLastCalledWith({ email: "someone@example.com", otp: "000000" });
    actor.send({ type: "auth.cancelCode" });
    expect(actor.getSnapshot().context.otp).toBeNull();
  });

  it("verifying the e-mail code signs in and forgets the pending sign-up", async () => {
    const { actor, effects, call } = start(null, undefined, undefined, {
      signup: () => Promise.resolve(codeSent("new@example.com", "signup-token")),
      sendOtp: () => Promise.resolve(codeSent("new@example.com", "otp-token")),
      verifyOtp: () => Promise.resolve(signedIn),
    });
    actor.send({ type: "auth.signup", fullName: "New", email: "new@example.com", password: "correct horse battery", acceptedTerms: TERMS_VERSION });
    await settled(actor);
    // "Send a new code" on the verify page: the sign-up's token still goes with the code, so its password is kept.
    actor.send({ type: "auth.sendCode", email: "new@example.com" });
    await settled(actor);
    actor.send({ type: "auth.verifyCode", email: "new@example.com", otp: "123456" });
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    expect(call("verifyOtp")).toHaveBeenCalledWith({ email: "new@example.com", otp: "123456", token: "signup-token" });
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: true, signupuser: null, authToken: "session-1" });
    expect(effects.storeSignedInUser).toHaveBeenCalledOnce();
  });

  it("forgot and reset password stay signed out, then send the user to log in", async () => {
    const { actor, effects, emitted, call } = start(null, undefined, undefined, {
      forgotPassword: () => Promise.resolve(codeSent("trader@example.com")),
      resetPassword: () => Promise.resolve(null),
    });
    actor.send({ type: "auth.forgotPassword", email: "trader@example.com" });
    await settled(actor);
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: false, forgetpass: { email: "trader@example.com" } });
    expect(effects.redirectToResetPassword).toHaveBeenCalledOnce();
    actor.send({ type: "auth.resetPassword", email: "trader@example.com", otp: "123456", password: "a brand new passphrase" });
    await settled(actor);
    expect(call("resetPassword")).toHaveBeenCalledWith({ email: "trader@example.com", otp: "123456", password: "a brand new passphrase" });
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: false, forgetpass: null });
    expect(effects.redirectToLogin).toHaveBeenCalledOnce();
    expect(effects.storeSignedInUser).not.toHaveBeenCalled();
    expect(emitted).toContainEqual({ type: "auth.notice", notice: "passwordReset" });
  });

  it("a profile edit (from the account machine) stays signed in with the new profile stored", async () => {
    const renamed = { ...profile, fullName: "Renamed" };
    const { actor, effects } = start({ Token: "abc", email: "trader@example.com" });
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    actor.send({ type: "auth.profileChanged", profile: renamed });
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: true, userInfo: renamed });
    expect(effects.storeSignedInUser).toHaveBeenLastCalledWith({ Token: "abc", ...renamed }, renamed);
  });

  it("ignores a profile change while signed out", () => {
    const { actor, effects } = start(null);
    actor.send({ type: "auth.profileChanged", profile });
    expect(actor.getSnapshot().context.userInfo).toBeNull();
    expect(effects.storeSignedInUser).not.toHaveBeenCalled();
  });

  it("runs the account machine only while signed in", async () => {
    const { actor } = start({ Token: "abc" });
    expect(actor.getSnapshot().children.account).toBeDefined();
    actor.send({ type: "auth.unauthorized" });
    expect(actor.getSnapshot().children.account).toBeUndefined();
  });

  it("a 401 while signed in signs out and goes to /login", async () => {
    const { actor, effects } = start({ Token: "abc" });
    await waitFor(actor, (state) => state.matches({ authenticated: "active" }));
    actor.send({ type: "auth.unauthorized" });
    expect(authStateOf(actor.getSnapshot())).toMatchObject({ isAuthenticated: false, user: null, userInfo: null, loading: false });
    expect(effects.clearStoredAuth).toHaveBeenCalledOnce();
    expect(effects.redirectToLogin).toHaveBeenCalledOnce();
  });
});

describe("auth machine: social sign-in", () => {
  it("a second provider while the popup is open tells the user the first was replaced", async () => {
    // A popup that stays open until the test is over.
    const actor = createActor(authMachine.provide({ actors: { socialPopup: fromPromise(() => new Promise<never>(() => {})) as never } }), {
      input: { storedUser: null },
    });
    const emitted: AuthEmitted[] = [];
    actor.on("*", (event) => emitted.push(event));
    actor.start();
    actor.send({ type: "auth.social", provider: "google" });
    expect(actor.getSnapshot().hasTag("socialPopup")).toBe(true);
    actor.send({ type: "auth.social", provider: "apple" });
    expect(emitted).toContainEqual({ type: "auth.notice", notice: "socialCancelled", provider: "google" });
    expect(actor.getSnapshot().context.socialProvider).toBe("apple");
  });
});
