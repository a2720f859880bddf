// The flows that survive a reload of their tab (issue 11): what the auth machine keeps, where it
// starts from after a reload, where it goes after signing in, and what it says when a sign-up's
// password was not kept.
import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyActorLogic } from "xstate";
import { TERMS_VERSION } from "../../../contract/index.ts";
import { authMachine } from "../../../machines/auth/auth.machine.ts";
import { codeSent, profileWith, signedInUser } from "../../../machines/auth/auth.fixtures.ts";
import type { AuthEmitted, AuthInput, PendingFlow } from "../../../machines/auth/auth.types.ts";
import { RESUME_WAIT_MS, socialPopupMachine, type PopupHandle, type SocialPopupEvent } from "../../../machines/auth/socialPopup.machine.ts";

// The trader of these flows signs up (or in) as new@example.com.
const profile = profileWith({ email: "new@example.com", fullName: "New Trader" });
const signedIn = signedInUser(profile);
const noFlow: PendingFlow = { signupUser: null, otp: null, forgetpass: null, returnTo: null, loginEmail: null };

type Impl = (input: never) => Promise<unknown>;

function start(input: AuthInput, calls: Record<string, Impl> = {}, socialPopup?: AnyActorLogic) {
  const effects = {
    storeFlow: vi.fn<(flow: PendingFlow) => void>(),
    redirectAfterSignIn: vi.fn<(returnTo: string | null) => void>(),
    redirectToSetPassword: vi.fn(),
    forgetSocialRequest: vi.fn(),
  };
  const spies = Object.fromEntries(Object.entries(calls).map(([name, impl]) => [name, vi.fn(impl)]));
  const machine = authMachine.provide({
    actions: {
      storeFlow: ({ context }) =>
        effects.storeFlow({
          signupUser: context.signupUser,
          otp: context.otp,
          forgetpass: context.forgetpass,
          returnTo: context.returnTo,
          loginEmail: context.loginEmail,
        }),
      redirectAfterSignIn: (_, { returnTo }) => effects.redirectAfterSignIn(returnTo),
      redirectToSetPassword: effects.redirectToSetPassword,
      forgetSocialRequest: effects.forgetSocialRequest,
    },
    actors: {
      // Signed-in children are not under test here.
      watchInactivity: fromCallback(() => {}) as never,
      watchPushToken: fromCallback(() => {}) as never,
      account: fromCallback(() => {}) as never,
      loadProfile: fromPromise(async () => profile) as never,
      ...(socialPopup ? { socialPopup: socialPopup as never } : {}),
      ...Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, fromPromise(({ input }) => spy(input as never))])),
    } as never,
  });
  const actor = createActor(machine, { input });
  const emitted: AuthEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return { actor, effects, emitted, spies };
}

const signedInState = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => s.matches({ authenticated: "active" }));

describe("auth machine: a reload in the middle of a flow", () => {
  it("keeps the sign-up's token for the reload, and the code entered after it keeps the password", async () => {
    const first = start({ storedUser: null }, { signup: async () => codeSent("new@example.com", "signup-token") });
    first.actor.send({
      type: "auth.signup",
      fullName: "New Trader",
      email: "new@example.com",
      password: "correct horse battery",
      acceptedTerms: TERMS_VERSION,
    });
    await waitFor(first.actor, (s) => s.matches({ unauthenticated: "idle" }) && s.context.signupUser !== null);
    const kept = first.effects.storeFlow.mock.lastCall![0];
    expect(kept.signupUser).toEqual({ email: "new@example.com", token: "signup-token" });

    // The reloaded tab starts from what was kept.
    const second = start({ storedUser: null, flow: kept }, { verifyOtp: async () => signedIn });
    second.actor.send({ type: "auth.verifyCode", email: "new@example.com", otp: "123456" });
    await signedInState(second.actor);
    expect(second.spies.verifyOtp).toHaveBeenCalledWith({ email: "new@example.com", otp: "123456", token: "signup-token" });
    expect(second.emitted).toContainEqual({ type: "auth.notice", notice: "welcome" });
    expect(second.effects.redirectToSetPassword).not.toHaveBeenCalled();
    // Signed in, nothing of the flow is kept any more.
    expect(second.effects.storeFlow).toHaveBeenLastCalledWith(noFlow);
  });

  it("says at once when a sign-up's password was not kept, and opens the set-password form", async () => {
    const { actor, effects, emitted } = start({ storedUser: null }, { verifyOtp: async () => ({ ...signedIn, hasPassword: false }) });
    // Opened from the e-mail's link in a fresh tab: no sign-up token here.
    actor.send({ type: "auth.verifyCode", email: "new@example.com", otp: "123456" });
    await signedInState(actor);
    expect(emitted).toContainEqual({ type: "auth.notice", notice: "passwordNotKept" });
    expect(emitted).not.toContainEqual({ type: "auth.notice", notice: "welcome" });
    expect(effects.redirectToSetPassword).toHaveBeenCalledOnce();
    expect(effects.redirectAfterSignIn).not.toHaveBeenCalled();
  });

  it("a code login without a password is not a lost password", async () => {
    const flow: PendingFlow = { ...noFlow, otp: { email: "new@example.com", token: "otp-token" } };
    const { actor, effects, spies } = start({ storedUser: null, flow }, { verifyOtp: async () => ({ ...signedIn, hasPassword: false }) });
    actor.send({ type: "auth.verifyCode", email: "New@Example.com", otp: "654321" });
    await signedInState(actor);
    // The code sent before the reload is still the one that signs in.
    expect(spies.verifyOtp).toHaveBeenCalledWith({ email: "New@Example.com", otp: "654321", token: "otp-token" });
    expect(effects.redirectToSetPassword).not.toHaveBeenCalled();
    expect(effects.redirectAfterSignIn).toHaveBeenCalledWith(null);
  });

  it("keeps the reset's e-mail, and fills it in at login once the password is reset", async () => {
    const flow: PendingFlow = { ...noFlow, forgetpass: { email: "new@example.com" } };
    const { actor, effects } = start({ storedUser: null, flow }, { resetPassword: async () => null });
    expect(actor.getSnapshot().context.forgetpass).toEqual({ email: "new@example.com" });
    actor.send({ type: "auth.resetPassword", email: "New@example.com ", otp: "123456", password: "a brand new passphrase" });
    await waitFor(actor, (s) => s.matches({ unauthenticated: "idle" }) && s.context.forgetpass === null);
    expect(actor.getSnapshot().context.loginEmail).toBe("new@example.com");
    expect(effects.storeFlow).toHaveBeenLastCalledWith({ ...noFlow, loginEmail: "new@example.com" });
  });

  it("returns to the page a signed-out visitor asked for, once, after signing in", async () => {
    const { actor, effects } = start({ storedUser: null }, { login: async () => signedIn });
    actor.send({ type: "auth.returnTo", path: "/exchange?curr=EUR&symbol=ETH" });
    expect(effects.storeFlow).toHaveBeenLastCalledWith({ ...noFlow, returnTo: "/exchange?curr=EUR&symbol=ETH" });
    actor.send({ type: "auth.login", email: "new@example.com", password: "correct horse battery" });
    await signedInState(actor);
    expect(effects.redirectAfterSignIn).toHaveBeenCalledWith("/exchange?curr=EUR&symbol=ETH");
    expect(actor.getSnapshot().context.returnTo).toBeNull();
  });

  it("starts a reloaded tab's social sign-in by waiting for the popup it had opened, and signs in with its answer", async () => {
    let deliver: ((event: SocialPopupEvent) => void) | undefined;
    const popup = socialPopupMachine.provide({
      actors: {
        listenForResult: fromCallback(({ sendBack }) => {
          deliver = sendBack;
        }),
      },
    });
    const { actor, effects, spies } = start(
      { storedUser: null, socialRequest: { provider: "apple", requestId: "r-before-reload" } },
      { socialLogin: async () => signedIn },
      popup,
    );
    expect(actor.getSnapshot().matches({ unauthenticated: "resumingSocial" })).toBe(true);
    expect(actor.getSnapshot().hasTag("socialPopup")).toBe(true);
    deliver!({ type: "social.result", requestId: "someone-else", code: "not-ours" });
    expect(actor.getSnapshot().matches({ unauthenticated: "resumingSocial" })).toBe(true);
    deliver!({ type: "social.result", requestId: "r-before-reload", code: "one-time" });
    await signedInState(actor);
    expect(spies.socialLogin).toHaveBeenCalledWith({ code: "one-time" });
    expect(effects.forgetSocialRequest).toHaveBeenCalled();
  });
});

describe("auth machine: waiting for a popup opened before a reload", () => {
  it("a form used meanwhile ends the wait (the popup may have been closed during the reload)", async () => {
    const { actor, effects, spies } = start(
      { storedUser: null, socialRequest: { provider: "google", requestId: "r-gone" } },
      { login: async () => signedIn },
      socialPopupMachine.provide({ actors: { listenForResult: fromCallback(() => {}) } }),
    );
    expect(actor.getSnapshot().matches({ unauthenticated: "resumingSocial" })).toBe(true);
    actor.send({ type: "auth.login", email: "new@example.com", password: "correct horse battery" });
    expect(actor.getSnapshot().matches({ unauthenticated: "loggingIn" })).toBe(true);
    expect(effects.forgetSocialRequest).toHaveBeenCalled();
    await signedInState(actor);
    expect(spies.login).toHaveBeenCalledOnce();
  });
});

describe("social popup: resumed after a reload", () => {
  it("gives up after the resume wait, as a closed popup", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(socialPopupMachine, { clock, input: { provider: "google", resume: { requestId: "r-1" } } }).start();
    expect(actor.getSnapshot().value).toBe("resumed");
    clock.increment(RESUME_WAIT_MS - 1);
    expect(actor.getSnapshot().status).toBe("active");
    clock.increment(1);
    expect(actor.getSnapshot().output).toEqual({ ok: false, provider: "google", failure: "popupClosed" });
  });

  it("opens a new popup when another provider is chosen", async () => {
    const open = vi.fn(async (): Promise<PopupHandle | null> => ({ requestId: "r-new", isClosed: () => false, close: () => {} }));
    const actor = createActor(socialPopupMachine.provide({ actors: { openPopup: fromPromise(open) } }), {
      input: { provider: "google", resume: { requestId: "r-1" } },
    }).start();
    actor.send({ type: "social.request", provider: "facebook" });
    await waitFor(actor, (s) => s.matches("open"));
    expect(open).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.provider).toBe("facebook");
    // The old request's answer no longer counts.
    actor.send({ type: "social.result", requestId: "r-1", code: "stale" });
    expect(actor.getSnapshot().matches("open")).toBe(true);
  });
});
