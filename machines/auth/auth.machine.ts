import { assertEvent, assign, emit, fromPromise, sendTo, setup } from "xstate";
import { failureOf, reasonOf, retryAfterOf, type AuthFailure, type AuthFlow } from "./failure.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import { inactivityMachine } from "./inactivity.machine.ts";
import { pushTokenMachine } from "../notifications/pushToken.machine.ts";
import { socialPopupMachine, type SocialPopupOutput, type SocialProvider } from "./socialPopup.machine.ts";

export type { AuthFailure, AuthFlow };

/** The stored auth record: the API answers with `Token`, some responses with `token`. */
export interface AuthUser {
  Token?: string;
  token?: string;
  [field: string]: unknown;
}

export interface AuthInput {
  storedUser: AuthUser | null;
}

/** The signed-in user's profile as the server returns it (stored as `userInfo`). */
export interface UserInfo {
  id: string;
  email: string;
  fullName?: string;
  emailVerified?: boolean;
  hasPassword?: boolean;
  [field: string]: unknown;
}

/** What /user/signup, /user/sendotp and /user/forgotPassword answer. */
export interface CodeSent {
  email: string;
  resendAfter: number;
  expiresIn: number;
  /** sendotp: the OTP token for its code; signup: the token that keeps the sign-up's password. Sent back with the code. */
  token?: string;
}

export interface AuthContext {
  /** `authUser`: the profile plus its Token. */
  user: AuthUser | null;
  userInfo: UserInfo | null;
  /** `signupuser`: an account that must verify its e-mail before it can sign in (token: from this browser's sign-up). */
  signupUser: { email: string; token?: string | null } | null;
  /** The e-mail a sign-in code went to, and the token /user/sendotp answered with. */
  otp: { email: string; token: string | null } | null;
  /** `forgetpass`: the e-mail a reset code went to. */
  forgetpass: { email: string } | null;
  /** The last failed call, tagged with its form. */
  error: AuthFailure | null;
  /** The provider of the social sign-in under way or last tried. */
  socialProvider: SocialProvider | null;
}

export type AuthEvent =
  | { type: "auth.login"; email: string; password: string }
  | { type: "auth.signup"; fullName: string; email: string; password: string }
  /** Sends a sign-in code by e-mail: OTP login, or a new code to verify the e-mail. */
  | { type: "auth.sendCode"; email: string }
  | { type: "auth.verifyCode"; email: string; code: string }
  /** Leaves the code step of OTP login to use another e-mail. */
  | { type: "auth.cancelCode" }
  /** Google, Apple or Facebook in a popup; a second one while a popup is open replaces it. */
  | { type: "auth.social"; provider: SocialProvider }
  | { type: "auth.forgotPassword"; email: string }
  | { type: "auth.resetPassword"; email: string; code: string; password: string }
  | { type: "auth.updateProfile"; fullName: string }
  | { type: "auth.changePassword"; currentPassword: string; newPassword: string }
  | { type: "auth.setPassword"; password: string }
  /** A screen opened: a failure another visit left behind is not shown again. */
  | { type: "auth.dismiss" }
  | { type: "auth.logout" }
  | { type: "auth.unauthorized" }
  /** Another tab (or a later sign-in flow) stored a new auth record, or cleared it. */
  | { type: "auth.storageChanged"; user: AuthUser | null };

/** Successes worth telling the user; the app shows them translated. */
export type AuthNotice = "socialCancelled" | "idleLogout" | "codeSent" | "verifyEmailFirst" | "passwordReset" | "profileSaved" | "passwordChanged" | "passwordSet";

export type AuthEmitted =
  | { type: "auth.notice"; notice: AuthNotice; email?: string; provider?: SocialProvider }
  /** Another code may be asked for only after this many seconds. */
  | { type: "auth.codeCooldown"; seconds: number };

export function tokenOf(user: AuthUser | null | undefined): string | null {
  const token = user?.Token ?? user?.token;
  return typeof token === "string" && token.length > 0 ? token : null;
}

/** The profile part of a sign-in answer: everything but the token. */
function profileOf(user: AuthUser): UserInfo {
  const { Token: _upper, token: _lower, ...profile } = user;
  return profile as UserInfo;
}

const outputOf = (event: { output?: unknown }) => event.output;
/** The assigner of a failed call's `error`, tagged with its form. */
const failureFor = (flow: AuthFlow) => ({ event }: { event: unknown }) => failureOf(flow, (event as { error?: unknown }).error);

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  guards: {
    hasStoredToken: ({ context }) => tokenOf(context.user) !== null,
    eventHasToken: ({ event }) => event.type === "auth.storageChanged" && tokenOf(event.user) !== null,
    // Errors from the API client carry a code; the machine branches on it, never on text.
    isUnauthorizedError: ({ event }) => "error" in event && (event.error as { code?: unknown } | null)?.code === "unauthorized",
    isEmailNotVerified: ({ event }) => "error" in event && reasonOf(event.error) === "emailNotVerified",
    isCodeRequired: ({ event }) => "error" in event && reasonOf(event.error) === "codeRequired",
    gotSocialCode: ({ event }) => (event as unknown as { output: SocialPopupOutput }).output.ok,
  },
  actions: {
    rememberUser: assign({
      user: ({ event }) => (event.type === "auth.storageChanged" ? event.user : null),
    }),
    forgetUser: assign({ user: null, userInfo: null }),
    rememberUserInfo: assign({
      userInfo: ({ event }) => outputOf(event as { output?: unknown }) as UserInfo,
    }),
    signIn: assign(({ event }) => {
      const user = outputOf(event as { output?: unknown }) as AuthUser;
      return { user, userInfo: profileOf(user), signupUser: null, otp: null, forgetpass: null, error: null };
    }),
    rememberProfile: assign(({ context, event }) => {
      const profile = outputOf(event as { output?: unknown }) as UserInfo;
      return { userInfo: profile, user: { ...context.user, ...profile } };
    }),
    markHasPassword: assign({ userInfo: ({ context }) => (context.userInfo ? { ...context.userInfo, hasPassword: true } : null) }),
    rememberSignupUser: assign({
      signupUser: ({ event }) => {
        const sent = outputOf(event as { output?: unknown }) as CodeSent;
        return { email: sent.email, token: typeof sent.token === "string" ? sent.token : null };
      },
    }),
    rememberUnverifiedUser: assign({
      signupUser: ({ event }) => {
        const data = (event as { error?: { data?: { email?: unknown } } }).error?.data;
        return { email: typeof data?.email === "string" ? data.email : "" };
      },
    }),
    rememberOtp: assign({
      otp: ({ event }) => {
        const sent = outputOf(event as { output?: unknown }) as CodeSent;
        return { email: sent.email, token: typeof sent.token === "string" ? sent.token : null };
      },
    }),
    forgetOtp: assign({ otp: null }),
    rememberForgetpass: assign({ forgetpass: ({ event }) => ({ email: (outputOf(event as { output?: unknown }) as CodeSent).email }) }),
    forgetForgetpass: assign({ forgetpass: null }),
    clearError: assign({ error: null }),
    failLogin: assign({ error: failureFor("login") }),
    failSignup: assign({ error: failureFor("signup") }),
    failSendCode: assign({ error: failureFor("sendCode") }),
    failVerifyCode: assign({ error: failureFor("verifyCode") }),
    failForgotPassword: assign({ error: failureFor("forgotPassword") }),
    failResetPassword: assign({ error: failureFor("resetPassword") }),
    failUpdateProfile: assign({ error: failureFor("updateProfile") }),
    failChangePassword: assign({ error: failureFor("changePassword") }),
    failSetPassword: assign({ error: failureFor("setPassword") }),
    failSocial: assign({ error: failureFor("social") }),
    // A popup that ended without a code: its reason is the code the view translates.
    failSocialPopup: assign({
      error: ({ event }) => {
        const output = (event as unknown as { output: SocialPopupOutput }).output;
        return failureOf("social", { code: output.ok ? "unexpected" : output.failure, message: "" });
      },
    }),
    rememberSocialProvider: assign({ socialProvider: ({ event, context }) => (event.type === "auth.social" ? event.provider : context.socialProvider) }),
    forwardSocialRequest: sendTo("socialPopup", ({ event }) => ({
      type: "social.request" as const,
      provider: event.type === "auth.social" ? event.provider : ("google" as const),
    })),
    startCooldown: emit(({ event }) => ({
      type: "auth.codeCooldown" as const,
      seconds: "output" in event ? (event.output as CodeSent).resendAfter : retryAfterOf((event as { error?: unknown }).error),
    })),
    noticeCodeSent: emit(({ event }) => ({ type: "auth.notice" as const, notice: "codeSent" as const, email: (outputOf(event as { output?: unknown }) as CodeSent).email })),
    noticeIdleLogout: emit({ type: "auth.notice", notice: "idleLogout" }),
    noticeVerifyEmailFirst: emit({ type: "auth.notice", notice: "verifyEmailFirst" }),
    noticePasswordReset: emit({ type: "auth.notice", notice: "passwordReset" }),
    noticeProfileSaved: emit({ type: "auth.notice", notice: "profileSaved" }),
    noticePasswordChanged: emit({ type: "auth.notice", notice: "passwordChanged" }),
    noticePasswordSet: emit({ type: "auth.notice", notice: "passwordSet" }),
    // The app fills these in at the composition root: storage and navigation live outside machines.
    clearStoredAuth: () => {},
    storeSignedInUser: () => {},
    storeUserInfo: () => {},
    redirectToLogin: () => {},
    redirectHome: () => {},
    redirectToVerifyEmail: () => {},
    redirectToResetPassword: () => {},
  },
  actors: {
    /** The inactivity machine; the app provides it with its storage and DOM edges. */
    watchInactivity: inactivityMachine,
    /** The push token while signed in; the app provides Firebase, permission and storage. */
    watchPushToken: pushTokenMachine,
    /** The social sign-in popup; the app provides window.open and the callback channel. */
    socialPopup: socialPopupMachine,
    socialLogin: fromPromise<AuthUser, { code: string }>(async () => {
      throw new Error("socialLogin is provided by the app");
    }),
    logout: fromPromise<void, { user: AuthUser | null }>(async () => {}),
    loadProfile: fromPromise<UserInfo, { user: AuthUser | null }>(async () => {
      throw new Error("loadProfile is provided by the app");
    }),
    login: fromPromise<AuthUser, { email: string; password: string }>(async () => {
      throw new Error("login is provided by the app");
    }),
    signup: fromPromise<CodeSent, { fullName: string; email: string; password: string }>(async () => {
      throw new Error("signup is provided by the app");
    }),
    sendOtp: fromPromise<CodeSent, { email: string }>(async () => {
      throw new Error("sendOtp is provided by the app");
    }),
    verifyOtp: fromPromise<AuthUser, { email: string; otp: string; token: string | null }>(async () => {
      throw new Error("verifyOtp is provided by the app");
    }),
    forgotPassword: fromPromise<CodeSent, { email: string }>(async () => {
      throw new Error("forgotPassword is provided by the app");
    }),
    resetPassword: fromPromise<void, { email: string; otp: string; password: string }>(async () => {
      throw new Error("resetPassword is provided by the app");
    }),
    updateProfile: fromPromise<UserInfo, { fullName: string }>(async () => {
      throw new Error("updateProfile is provided by the app");
    }),
    changePassword: fromPromise<void, { currentPassword: string; newPassword: string }>(async () => {
      throw new Error("changePassword is provided by the app");
    }),
    setPassword: fromPromise<void, { password: string }>(async () => {
      throw new Error("setPassword is provided by the app");
    }),
  },
}).createMachine({
  id: "auth",
  description: "Whether the visitor is signed in, and the calls that change it; guards and layouts read this, never storage.",
  context: ({ input }) => ({ user: input.storedUser, userInfo: null, signupUser: null, otp: null, forgetpass: null, error: null, socialProvider: null }),
  initial: "restoring",
  on: { "auth.dismiss": { actions: "clearError" } },
  states: {
    restoring: {
      description: "Authenticated at start only if the stored user has a Token.",
      always: [
        { guard: "hasStoredToken", target: "authenticated" },
        { target: "unauthenticated", actions: "forgetUser" },
      ],
    },
    unauthenticated: {
      initial: "idle",
      on: {
        // A 401 while signed out (a stale token in another tab, say) still clears what is stored.
        "auth.unauthorized": { actions: ["clearStoredAuth", "redirectToLogin"] },
        "auth.storageChanged": [
          { guard: "eventHasToken", target: "authenticated", actions: "rememberUser" },
          { actions: "forgetUser" },
        ],
      },
      states: {
        idle: {
          description: "Each form's call starts here; a call in flight takes no second submit.",
          on: {
            "auth.login": "loggingIn",
            "auth.signup": "signingUp",
            "auth.sendCode": "sendingCode",
            "auth.verifyCode": "verifyingCode",
            "auth.cancelCode": { actions: ["forgetOtp", "clearError"] },
            "auth.social": { target: "signingInWithProvider", actions: "rememberSocialProvider" },
            "auth.forgotPassword": "requestingReset",
            "auth.resetPassword": "resettingPassword",
          },
        },
        loggingIn: {
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "login",
            src: "login",
            input: ({ event }) => {
              assertEvent(event, "auth.login");
              return { email: event.email, password: event.password };
            },
            onDone: { target: "#auth.authenticated.active", actions: ["signIn", "storeSignedInUser"] },
            onError: [
              {
                guard: "isEmailNotVerified",
                description: "Right password, unverified e-mail: verify first.",
                target: "idle",
                actions: ["rememberUnverifiedUser", "noticeVerifyEmailFirst", "redirectToVerifyEmail"],
              },
              {
                guard: "isCodeRequired",
                description: "Too many wrong passwords for this account: sign in with an e-mail code instead (the login page opens it, that e-mail filled in). A code asked for earlier is dropped.",
                target: "idle",
                actions: ["forgetOtp", "failLogin"],
              },
              { target: "idle", actions: "failLogin" },
            ],
          },
        },
        signingInWithProvider: {
          description: "The popup is open; other buttons wait, but another provider replaces this one.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "socialPopup",
            src: "socialPopup",
            input: ({ event }) => {
              assertEvent(event, "auth.social");
              return { provider: event.provider };
            },
            onDone: [
              { guard: "gotSocialCode", target: "exchangingSocialCode" },
              { target: "idle", actions: "failSocialPopup" },
            ],
            onError: { target: "idle", actions: "failSocial" },
          },
          on: { "auth.social": { actions: ["rememberSocialProvider", "forwardSocialRequest"] } },
        },
        exchangingSocialCode: {
          description: "The popup's one-time code becomes the session Token.",
          tags: "loading",
          invoke: {
            id: "socialLogin",
            src: "socialLogin",
            input: ({ event }) => ({ code: (event as unknown as { output: { code: string } }).output.code }),
            onDone: { target: "#auth.authenticated.active", actions: ["signIn", "storeSignedInUser"] },
            onError: { target: "idle", actions: "failSocial" },
          },
        },
        signingUp: {
          description: "Success leaves the visitor signed out: the e-mail must be verified first.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "signup",
            src: "signup",
            input: ({ event }) => {
              assertEvent(event, "auth.signup");
              return { fullName: event.fullName, email: event.email, password: event.password };
            },
            onDone: { target: "idle", actions: ["rememberSignupUser", "startCooldown", "noticeCodeSent", "redirectToVerifyEmail"] },
            onError: { target: "idle", actions: ["failSignup", "startCooldown"] },
          },
        },
        sendingCode: {
          description: "Still signed out, but the OTP token is kept for the code that follows.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "sendOtp",
            src: "sendOtp",
            input: ({ event }) => {
              assertEvent(event, "auth.sendCode");
              return { email: event.email };
            },
            onDone: { target: "idle", actions: ["rememberOtp", "startCooldown", "noticeCodeSent"] },
            onError: { target: "idle", actions: ["failSendCode", "startCooldown"] },
          },
        },
        verifyingCode: {
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "verifyOtp",
            src: "verifyOtp",
            input: ({ context, event }) => {
              assertEvent(event, "auth.verifyCode");
              // This browser's sign-up token keeps the password it chose; otherwise sendotp's token binds its code.
              const email = event.email.trim().toLowerCase();
              const token = (context.signupUser?.email === email ? context.signupUser.token : null) ?? (context.otp?.email === email ? context.otp.token : null) ?? null;
              return { email: event.email, otp: event.code, token };
            },
            onDone: { target: "#auth.authenticated.active", actions: ["signIn", "storeSignedInUser"] },
            onError: { target: "idle", actions: "failVerifyCode" },
          },
        },
        requestingReset: {
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "forgotPassword",
            src: "forgotPassword",
            input: ({ event }) => {
              assertEvent(event, "auth.forgotPassword");
              return { email: event.email };
            },
            onDone: { target: "idle", actions: ["rememberForgetpass", "startCooldown", "noticeCodeSent", "redirectToResetPassword"] },
            onError: { target: "idle", actions: ["failForgotPassword", "startCooldown"] },
          },
        },
        resettingPassword: {
          description: "A new password ends every session; the visitor then logs in with it.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "resetPassword",
            src: "resetPassword",
            input: ({ event }) => {
              assertEvent(event, "auth.resetPassword");
              return { email: event.email, otp: event.code, password: event.password };
            },
            onDone: { target: "idle", actions: ["forgetForgetpass", "noticePasswordReset", "redirectToLogin"] },
            onError: { target: "idle", actions: "failResetPassword" },
          },
        },
      },
    },
    authenticated: {
      initial: "verifying",
      invoke: [
        {
          id: "watchInactivity",
          src: "watchInactivity",
          onDone: { description: "Idle longer than 15 minutes.", target: ".loggingOut", actions: "noticeIdleLogout" },
          onError: { description: "The watch failed: stay signed in; the server's idle limit still applies." },
        },
        {
          id: "pushToken",
          systemId: "pushToken",
          src: "watchPushToken",
          onDone: { description: "Push is unavailable here: nothing else changes." },
          onError: { description: "Push failed: nothing else changes." },
        },
      ],
      on: {
        "auth.unauthorized": {
          target: "unauthenticated",
          actions: ["forgetUser", "clearStoredAuth", "redirectToLogin"],
        },
        "auth.storageChanged": [
          { guard: "eventHasToken", actions: "rememberUser" },
          { target: "unauthenticated", actions: "forgetUser" },
        ],
      },
      states: {
        verifying: {
          description: "A stored token may be stale: the profile call proves it, or a 401 signs out.",
          tags: "loading",
          invoke: {
            id: "loadProfile",
            src: "loadProfile",
            input: ({ context }) => ({ user: context.user }),
            onDone: { target: "active", actions: ["rememberUserInfo", "storeUserInfo"] },
            onError: [
              { guard: "isUnauthorizedError", target: "#auth.unauthenticated", actions: ["forgetUser", "clearStoredAuth", "redirectToLogin"] },
              { description: "Offline or a server fault: stay signed in; the next call tells.", target: "active" },
            ],
          },
          on: { "auth.logout": "loggingOut" },
        },
        active: {
          on: {
            "auth.logout": "loggingOut",
            "auth.updateProfile": "updatingProfile",
            "auth.changePassword": "changingPassword",
            "auth.setPassword": "settingPassword",
          },
        },
        updatingProfile: {
          description: "Success keeps the user signed in with the new profile.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "updateProfile",
            src: "updateProfile",
            input: ({ event }) => {
              assertEvent(event, "auth.updateProfile");
              return { fullName: event.fullName };
            },
            onDone: { target: "active", actions: ["rememberProfile", "storeSignedInUser", "noticeProfileSaved"] },
            onError: { target: "active", actions: "failUpdateProfile" },
          },
        },
        changingPassword: {
          description: "The server ends the user's other sessions; this one stays.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "changePassword",
            src: "changePassword",
            input: ({ event }) => {
              assertEvent(event, "auth.changePassword");
              return { currentPassword: event.currentPassword, newPassword: event.newPassword };
            },
            onDone: { target: "active", actions: "noticePasswordChanged" },
            onError: { target: "active", actions: "failChangePassword" },
          },
        },
        settingPassword: {
          description: "An account made by e-mail code gets its first password.",
          tags: "loading",
          entry: "clearError",
          invoke: {
            id: "setPassword",
            src: "setPassword",
            input: ({ event }) => {
              assertEvent(event, "auth.setPassword");
              return { password: event.password };
            },
            onDone: { target: "active", actions: ["markHasPassword", "storeUserInfo", "noticePasswordSet"] },
            onError: { target: "active", actions: "failSetPassword" },
          },
        },
        loggingOut: {
          description: "The local session ends whatever the server answers; a failed call still signs out here.",
          tags: "loading",
          invoke: {
            id: "logout",
            src: "logout",
            input: ({ context }) => ({ user: context.user }),
            onDone: { target: "#auth.unauthenticated", actions: ["forgetUser", "clearStoredAuth", "redirectHome"] },
            onError: { target: "#auth.unauthenticated", actions: ["forgetUser", "clearStoredAuth", "redirectHome"] },
          },
        },
      },
    },
  },
});

const signedIn: AuthUser = { Token: "t-123", id: "u-1", email: "trader@example.com", fullName: "Trader", emailVerified: true, hasPassword: true };
const codeSent: CodeSent = { email: "new@example.com", resendAfter: 60, expiresIn: 600, token: "token-1" };
// Pure, so bundles drop the GraphSpec the app never imports.
const apiError = /* @__NO_SIDE_EFFECTS__ */ (code: string, reason: string | null, extra: Record<string, unknown> = {}) => ({
  code,
  message: "server message",
  data: reason ? { reason, ...extra } : undefined,
});

export const authGraphSpec: MachineGraphSpec<AuthInput, AuthEvent> = {
  inputs: [{ storedUser: signedIn }, { storedUser: null }, { storedUser: { token: "" } }],
  events: [
    { type: "auth.login", email: "trader@example.com", password: "correct horse battery" },
    { type: "auth.signup", fullName: "New Trader", email: "new@example.com", password: "correct horse battery" },
    { type: "auth.sendCode", email: "new@example.com" },
    { type: "auth.verifyCode", email: "new@example.com", code: "123456" },
    { type: "auth.cancelCode" },
    { type: "auth.social", provider: "google" },
    { type: "auth.forgotPassword", email: "trader@example.com" },
    { type: "auth.resetPassword", email: "trader@example.com", code: "123456", password: "a brand new passphrase" },
    { type: "auth.updateProfile", fullName: "Renamed Trader" },
    { type: "auth.changePassword", currentPassword: "correct horse battery", newPassword: "a brand new passphrase" },
    { type: "auth.setPassword", password: "a brand new passphrase" },
    { type: "auth.dismiss" },
    { type: "auth.logout" },
    { type: "auth.unauthorized" },
    { type: "auth.storageChanged", user: signedIn },
    { type: "auth.storageChanged", user: null },
  ],
  actors: {
    watchInactivity: { done: [undefined], error: [/* @__PURE__ */ new Error("watch failed")] },
    watchPushToken: { done: [undefined], error: [/* @__PURE__ */ new Error("push failed")] },
    socialPopup: {
      done: [
        { ok: true, provider: "google", code: "one-time" },
        { ok: false, provider: "google", failure: "popupClosed" },
      ],
      error: [/* @__PURE__ */ new Error("popup machine failed")],
    },
    socialLogin: { done: [signedIn], error: [/* @__PURE__ */ apiError("network", null)] },
    logout: { done: [undefined], error: [/* @__PURE__ */ new Error("network")] },
    loadProfile: {
      done: [{ id: "u-1", email: "trader@example.com", fullName: "Trader" }],
      error: [/* @__PURE__ */ apiError("unauthorized", null), /* @__PURE__ */ apiError("network", null)],
    },
    login: {
      done: [signedIn],
      error: [
        /* @__PURE__ */ apiError("badRequest", "invalidCredentials"),
        /* @__PURE__ */ apiError("forbidden", "emailNotVerified", { email: "trader@example.com" }),
        /* @__PURE__ */ apiError("forbidden", "codeRequired", { email: "trader@example.com" }),
      ],
    },
    signup: { done: [codeSent], error: [/* @__PURE__ */ apiError("rateLimited", "rateLimited", { retryAfter: 42 })] },
    sendOtp: { done: [codeSent], error: [/* @__PURE__ */ apiError("rateLimited", "rateLimited", { retryAfter: 42 })] },
    verifyOtp: { done: [signedIn], error: [/* @__PURE__ */ apiError("badRequest", "codeInvalid", { attemptsLeft: 4 })] },
    forgotPassword: { done: [codeSent], error: [/* @__PURE__ */ apiError("network", null)] },
    resetPassword: { done: [undefined], error: [/* @__PURE__ */ apiError("badRequest", "codeExpired")] },
    updateProfile: { done: [{ id: "u-1", email: "trader@example.com", fullName: "Renamed Trader" }], error: [/* @__PURE__ */ apiError("badRequest", "validation")] },
    changePassword: { done: [undefined], error: [/* @__PURE__ */ apiError("badRequest", "currentPasswordWrong")] },
    setPassword: { done: [undefined], error: [/* @__PURE__ */ apiError("conflict", "passwordAlreadySet")] },
  },
};

/**
 * The client state values of spec section 3, read off the machine (never kept beside it).
 * routeType is the current route's layout: the app adds it, since routes are not auth state.
 */
export function authStateOf(snapshot: { context: AuthContext; matches(value: "authenticated"): boolean; hasTag(tag: "loading"): boolean }) {
  const { context } = snapshot;
  return {
    user: context.user,
    authToken: tokenOf(context.user) ?? context.otp?.token ?? null,
    signupuser: context.signupUser,
    forgetpass: context.forgetpass,
    isAuthenticated: snapshot.matches("authenticated"),
    userInfo: context.userInfo,
    loading: snapshot.hasTag("loading"),
  };
}
