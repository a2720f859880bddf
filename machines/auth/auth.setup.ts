// The auth machine's named guards, actions and actors; its chart (auth.machine.ts) only names
// them. What is static (which form failed, which notice, which reason) is a param the diagram
// shows; what comes from an event (a call's answer) is passed as params typed by the invoke.
import { assertEvent, assign, emit, fromPromise, sendTo, setup } from "xstate";
import type {
  CodeSent,
  ForgotPasswordBody,
  LoginBody,
  Profile,
  ResetPasswordBody,
  SendOtpBody,
  SignedInUser,
  SignupBody,
  SocialLoginBody,
  VerifyOtpBody,
} from "../../contract/index.ts";
import { accountMachine } from "../account/account.machine.ts";
import { bodiesOf, output } from "../event-body.ts";
import { errorOf, failedWith, failureOf, retryAfterOf, type FailureMatch } from "../failure.ts";
import { pushTokenMachine } from "../notifications/pushToken.machine.ts";
import { profileOf, tokenOf } from "./auth.state.ts";
import type { AuthChildren, AuthContext, AuthEmitted, AuthEvent, AuthFlow, AuthInput, AuthNotice, AuthTag, PendingFlow, SocialProvider } from "./auth.types.ts";
import { inactivityMachine } from "./inactivity.machine.ts";
import { socialPopupMachine, type SocialPopupOutput } from "./socialPopup.machine.ts";

export const bodyOf = bodiesOf<AuthEvent>();

/** verifyotp's input: the code, with this browser's sign-up token (it keeps the password chosen) or else sendotp's token for that e-mail. */
export function codeWithToken({ context, event }: { context: AuthContext; event: AuthEvent }): VerifyOtpBody {
  assertEvent(event, "auth.verifyCode");
  const email = event.email.trim().toLowerCase();
  const token = (context.signupUser?.email === email ? context.signupUser.token : null) ?? (context.otp?.email === email ? context.otp.token : null) ?? null;
  return { email: event.email, otp: event.otp, ...(token ? { token } : {}) };
}

/** The context at start: the stored record, and the flow this tab had under way before a reload. */
export const contextFrom = ({ input }: { input: AuthInput }): AuthContext => ({
  user: input.storedUser,
  userInfo: null,
  signupUser: input.flow?.signupUser ?? null,
  otp: input.flow?.otp ?? null,
  forgetpass: input.flow?.forgetpass ?? null,
  error: null,
  socialProvider: input.socialRequest?.provider ?? null,
  socialCode: null,
  returnTo: input.flow?.returnTo ?? null,
  loginEmail: input.flow?.loginEmail ?? null,
  verifyingSignup: false,
  resumeSocial: input.socialRequest ?? null,
});

/** The flow's part of the context: what the tab keeps across a reload. */
export const flowOf = (context: AuthContext): PendingFlow => ({
  signupUser: context.signupUser,
  otp: context.otp,
  forgetpass: context.forgetpass,
  returnTo: context.returnTo,
  loginEmail: context.loginEmail,
});

// Parameterised actions and guards as the chart writes them: fail("login") is the diagram's fail(login).
export const fail = (flow: AuthFlow) => ({ type: "fail", params: { flow } }) as const;
export const notice = (notice: AuthNotice) => ({ type: "notice", params: { notice } }) as const;
export const failed = (match: FailureMatch) => ({ type: "failedWith", params: match }) as const;
/** An action or guard given the call's answer: the done event's output, typed by the invoke. */
export const withOutput = <T extends string>(type: T) => ({ type, params: output }) as const;

/** A code is on its way: the resend wait the server gave starts, and the user is told where it went. */
export const codeSent = [
  { type: "startCooldown", params: ({ event }: { event: { output: CodeSent } }) => ({ seconds: event.output.resendAfter }) },
  { type: "notice", params: ({ event }: { event: { output: CodeSent } }) => ({ notice: "codeSent" as const, email: event.output.email }) },
] as const;
/** Signed in by a form or the popup: stored, welcomed, and taken back to the page asked for (or the dashboard). */
export const signedInBy = [
  withOutput("signIn"),
  "storeSignedInUser",
  notice("welcome"),
  { type: "redirectAfterSignIn", params: ({ context }: { context: AuthContext }) => ({ returnTo: context.returnTo }) },
  "forgetReturnTo",
] as const;
/** A refused send: the wait it asks for (429's retryAfter; none ends the countdown). */
export const cooldownAfterError = {
  type: "startCooldown",
  params: ({ event }: { event: { error: unknown } }) => ({ seconds: retryAfterOf(event.error) }),
} as const;
/** A second provider while a popup is open: the user is told which one was replaced. */
export const noticeReplaced = {
  type: "notice",
  params: ({ context }: { context: AuthContext }) => ({ notice: "socialCancelled" as const, provider: context.socialProvider ?? undefined }),
} as const;

// The calls are the app's (src/features/auth/services/actors.ts); these stand-ins only type them.
const call = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`);
  });

const codeOf = (sent: CodeSent) => ({ email: sent.email, token: typeof sent.token === "string" ? sent.token : null });

export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
    tags: {} as AuthTag,
    children: {} as AuthChildren,
  },
  actors: {
    /** The inactivity machine; the app provides it with its storage and DOM edges. */
    watchInactivity: inactivityMachine,
    /** The push token while signed in; the app provides Firebase, permission and storage. */
    watchPushToken: pushTokenMachine,
    /** Profile and password edits while signed in; the app provides their calls. */
    account: accountMachine,
    /** The social sign-in popup; the app provides window.open and the callback channel. */
    socialPopup: socialPopupMachine,
    login: call<SignedInUser, LoginBody>("login"),
    signup: call<CodeSent, SignupBody>("signup"),
    sendOtp: call<CodeSent, SendOtpBody>("sendOtp"),
    verifyOtp: call<SignedInUser, VerifyOtpBody>("verifyOtp"),
    socialLogin: call<SignedInUser, SocialLoginBody>("socialLogin"),
    forgotPassword: call<CodeSent, ForgotPasswordBody>("forgotPassword"),
    resetPassword: call<null, ResetPasswordBody>("resetPassword"),
    loadProfile: call<Profile, undefined>("loadProfile"),
    logout: call<null, undefined>("logout"),
  },
  guards: {
    hasStoredToken: ({ context }) => tokenOf(context.user) !== null,
    hasSocialRequest: ({ context }) => context.resumeSocial !== null,
    // A new account's e-mail verified without this browser's sign-up token: the server dropped the password chosen at sign-up.
    signupPasswordLost: ({ context }, user: SignedInUser) => context.verifyingSignup && !user.hasPassword,
    eventHasToken: ({ event }) => {
      assertEvent(event, "auth.storageChanged");
      return tokenOf(event.user) !== null;
    },
    eventHasOtherToken: ({ context, event }) => {
      assertEvent(event, "auth.storageChanged");
      const token = tokenOf(event.user);
      return token !== null && token !== tokenOf(context.user);
    },
    // Errors from the API client carry a code and the server's data.reason; never parsed text.
    failedWith: ({ event }, match: FailureMatch) => failedWith(errorOf(event), match),
    gotSocialCode: (_, popup: SocialPopupOutput) => popup.ok,
  },
  actions: {
    rememberUser: assign({
      user: ({ event }) => {
        assertEvent(event, "auth.storageChanged");
        return event.user;
      },
    }),
    forgetUser: assign({ user: null, userInfo: null }),
    rememberUserInfo: assign({ userInfo: (_, profile: Profile) => profile }),
    signIn: assign((_, user: SignedInUser) => ({
      user,
      userInfo: profileOf(user),
      signupUser: null,
      otp: null,
      forgetpass: null,
      error: null,
      socialCode: null,
      loginEmail: null,
      verifyingSignup: false,
    })),
    rememberProfile: assign(({ context, event }) => {
      assertEvent(event, "auth.profileChanged");
      return { userInfo: event.profile, user: { ...context.user, ...event.profile } };
    }),
    rememberSignupUser: assign({ signupUser: (_, sent: CodeSent) => codeOf(sent) }),
    rememberUnverifiedUser: assign({ signupUser: ({ event }) => ({ email: failureOf("login", errorOf(event)).email ?? "" }) }),
    rememberOtp: assign({ otp: (_, sent: CodeSent) => codeOf(sent) }),
    forgetOtp: assign({ otp: null }),
    rememberForgetpass: assign({ forgetpass: (_, sent: CodeSent) => ({ email: sent.email }) }),
    forgetForgetpass: assign({ forgetpass: null }),
    clearError: assign({ error: null }),
    fail: assign({ error: ({ event }, { flow }: { flow: AuthFlow }) => failureOf(flow, errorOf(event)) }),
    // A popup that ended without a code: its reason is the code the view translates.
    failPopup: assign({ error: (_, popup: SocialPopupOutput) => failureOf("social", { code: popup.ok ? "unexpected" : popup.failure }) }),
    rememberSocialProvider: assign({
      socialProvider: ({ event }) => {
        assertEvent(event, "auth.social");
        return event.provider;
      },
    }),
    rememberSocialCode: assign({ socialCode: (_, popup: SocialPopupOutput) => (popup.ok ? popup.code : null) }),
    rememberReturnTo: assign({
      returnTo: ({ event }) => {
        assertEvent(event, "auth.returnTo");
        return event.path;
      },
    }),
    forgetReturnTo: assign({ returnTo: null }),
    forgetResumedSocial: assign({ resumeSocial: null }),
    rememberLoginEmail: assign({
      loginEmail: ({ event }) => {
        assertEvent(event, "auth.resetPassword");
        return event.email.trim().toLowerCase();
      },
    }),
    // A code asked for by code login signs in; any other (sign-up, or the verify page) confirms a new account.
    rememberVerifyPurpose: assign({
      verifyingSignup: ({ context, event }) => {
        assertEvent(event, "auth.verifyCode");
        return context.otp?.email !== event.email.trim().toLowerCase() || context.signupUser?.email === event.email.trim().toLowerCase();
      },
    }),
    forwardSocialRequest: sendTo("socialPopup", ({ event }) => {
      assertEvent(event, "auth.social");
      return { type: "social.request" as const, provider: event.provider };
    }),
    startCooldown: emit((_, { seconds }: { seconds: number }) => ({ type: "auth.codeCooldown" as const, seconds })),
    notice: emit((_, params: { notice: AuthNotice; email?: string; provider?: SocialProvider }) => ({ type: "auth.notice" as const, ...params })),
    // The app fills these in at the composition root: storage and navigation live outside machines.
    /** Stops the session's actors outside this machine (pages' feeds, a pending buy): src/shared/actors/session.ts. */
    endSession: () => {},
    clearStoredAuth: () => {},
    storeSignedInUser: () => {},
    storeUserInfo: () => {},
    redirectToLogin: () => {},
    redirectHome: () => {},
    redirectToVerifyEmail: () => {},
    redirectToResetPassword: () => {},
    /** To the page the visitor asked for before signing in, or the dashboard. */
    redirectAfterSignIn: (_, _params: { returnTo: string | null }) => {},
    /** To the profile's set-password form. */
    redirectToSetPassword: () => {},
    /** Keeps the flow's context for a reload of this tab (flowOf), or drops it when empty. */
    storeFlow: () => {},
    /** The social popup request this tab opened is over: a reload no longer waits for it. */
    forgetSocialRequest: () => {},
  },
});

/** While signed in, what another tab wrote: someone else's sign-in ends this session and starts theirs afresh (verified, watched). */
export const followOtherTabs = [
  { guard: "eventHasOtherToken", target: "authenticated", reenter: true, actions: ["endSession", "rememberUser"] },
  { guard: "eventHasToken", actions: "rememberUser" },
  { target: "unauthenticated", actions: ["endSession", "forgetUser"] },
] as const;
