// The auth statechart: every transition of spec section 4. Its vocabulary is in auth.types.ts, the
// guards, actions and actors it names in auth.setup.ts, the tools' samples in auth.graph-spec.ts.
import * as chart from "./auth.setup.ts";

const { authSetup, bodyOf, codeSent, codeWithToken, contextFrom, cooldownAfterError, fail, failed, noticeReplaced, notice, signedInBy, withOutput } = chart;

const signedIn = "#auth.authenticated.active";
// Every sign-out first ends the session: its actors stop before anything is cleared or the app navigates.
const signedOut = ["endSession", "forgetUser", "clearStoredAuth"] as const;

/** Each form's call: from the idle forms, or instead of waiting for a popup opened before a reload (the popup may be gone). */
const formCalls = {
  "auth.login": "loggingIn",
  "auth.signup": "signingUp",
  "auth.sendCode": "sendingCode",
  "auth.verifyCode": { target: "verifyingCode", actions: "rememberVerifyPurpose" },
  "auth.forgotPassword": "requestingReset",
  "auth.resetPassword": { target: "resettingPassword", actions: "rememberLoginEmail" },
} as const;

/** How a social sign-in's popup ends, whether this page opened it or resumed waiting for it after a reload. */
const popupEnded = {
  onDone: [
    { guard: withOutput("gotSocialCode"), target: "exchangingSocialCode", actions: [withOutput("rememberSocialCode"), "forgetSocialRequest"] },
    { target: "idle", actions: [withOutput("failPopup"), "forgetSocialRequest"] },
  ],
  onError: { target: "idle", actions: [fail("social"), "forgetSocialRequest"] },
} as const;

export const authMachine = authSetup.createMachine({
  id: "auth",
  description: "Whether the visitor is signed in, and the calls that change it; guards and layouts read this, never storage.",
  context: contextFrom,
  initial: "restoring",
  on: { "auth.dismiss": { actions: "clearError" } },
  states: {
    restoring: {
      description: "Authenticated at start only if the stored user has a Token.",
      always: [
        { guard: "hasStoredToken", target: "authenticated" },
        {
          guard: "hasSocialRequest",
          description: "The tab reloaded while its social popup was open: wait for the popup's answer.",
          target: "unauthenticated.resumingSocial",
          actions: "forgetUser",
        },
        { target: "unauthenticated", actions: "forgetUser" },
      ],
    },
    unauthenticated: {
      initial: "idle",
      on: {
        // A 401 while signed out (a stale token in another tab, say) still clears what is stored.
        "auth.unauthorized": { actions: ["clearStoredAuth", "redirectToLogin"] },
        "auth.storageChanged": [{ guard: "eventHasToken", target: "authenticated", actions: "rememberUser" }, { actions: "forgetUser" }],
        "auth.returnTo": { description: "A protected page sent the visitor here: back there after signing in.", actions: ["rememberReturnTo", "storeFlow"] },
      },
      states: {
        idle: {
          description:
            "Each form's call starts here, dropping the last failure; a call in flight takes no second submit. What a flow keeps is stored for a reload.",
          entry: "storeFlow",
          exit: "clearError",
          on: {
            ...formCalls,
            "auth.cancelCode": { actions: ["forgetOtp", "clearError", "storeFlow"] },
            "auth.social": { target: "signingInWithProvider", actions: "rememberSocialProvider" },
          },
        },
        loggingIn: {
          tags: ["loading", "login"],
          invoke: {
            id: "login",
            src: "login",
            input: bodyOf("auth.login"),
            onDone: { target: signedIn, actions: signedInBy },
            onError: [
              {
                guard: failed({ reason: "emailNotVerified" }),
                description: "Right password, unverified e-mail: verify first.",
                target: "idle",
                actions: ["rememberUnverifiedUser", notice("verifyEmailFirst"), "redirectToVerifyEmail"],
              },
              {
                guard: failed({ reason: "codeRequired" }),
                description: "Too many wrong passwords: sign in by e-mail code (the login page opens it, that e-mail filled in); an earlier code is dropped.",
                target: "idle",
                actions: ["forgetOtp", fail("login")],
              },
              { target: "idle", actions: fail("login") },
            ],
          },
        },
        signingInWithProvider: {
          description: "The popup is open; other buttons wait, but another provider replaces this one.",
          tags: ["loading", "socialPopup"],
          invoke: {
            id: "socialPopup",
            src: "socialPopup",
            input: bodyOf("auth.social"),
            ...popupEnded,
          },
          on: { "auth.social": { description: "Cancelled popup request.", actions: [noticeReplaced, "rememberSocialProvider", "forwardSocialRequest"] } },
        },
        resumingSocial: {
          description: "After a reload: no window to watch, but the popup's answer still signs in; another provider button replaces it.",
          tags: ["loading", "socialPopup"],
          exit: ["forgetResumedSocial", "forgetSocialRequest"],
          invoke: {
            id: "socialPopup",
            src: "socialPopup",
            input: ({ context }) => ({ provider: context.resumeSocial?.provider ?? "google", resume: { requestId: context.resumeSocial?.requestId ?? "" } }),
            ...popupEnded,
          },
          on: {
            ...formCalls,
            "auth.social": { description: "Another sign-in replaces the resumed one.", actions: ["rememberSocialProvider", "forwardSocialRequest"] },
          },
        },
        exchangingSocialCode: {
          description: "The popup's one-time code becomes the session Token.",
          tags: ["loading", "socialExchange"],
          invoke: {
            id: "socialLogin",
            src: "socialLogin",
            input: ({ context }) => ({ code: context.socialCode ?? "" }),
            onDone: { target: signedIn, actions: signedInBy },
            onError: { target: "idle", actions: fail("social") },
          },
        },
        signingUp: {
          description: "Success leaves the visitor signed out: the e-mail must be verified first.",
          tags: ["loading", "signup"],
          invoke: {
            id: "signup",
            src: "signup",
            input: bodyOf("auth.signup"),
            onDone: { target: "idle", actions: [withOutput("rememberSignupUser"), ...codeSent, "redirectToVerifyEmail"] },
            onError: { target: "idle", actions: [fail("signup"), cooldownAfterError] },
          },
        },
        sendingCode: {
          description: "Still signed out, but the OTP token is kept for the code that follows.",
          tags: ["loading", "sendCode"],
          invoke: {
            id: "sendOtp",
            src: "sendOtp",
            input: bodyOf("auth.sendCode"),
            onDone: { target: "idle", actions: [withOutput("rememberOtp"), ...codeSent] },
            onError: { target: "idle", actions: [fail("sendCode"), cooldownAfterError] },
          },
        },
        verifyingCode: {
          tags: ["loading", "verifyCode"],
          invoke: {
            id: "verifyOtp",
            src: "verifyOtp",
            input: codeWithToken,
            onDone: [
              {
                guard: withOutput("signupPasswordLost"),
                description: "Verified without the sign-up's token: say the password was not kept, and open the set-password form.",
                target: signedIn,
                actions: [withOutput("signIn"), "storeSignedInUser", notice("passwordNotKept"), "redirectToSetPassword", "forgetReturnTo"],
              },
              { target: signedIn, actions: signedInBy },
            ],
            onError: { target: "idle", actions: fail("verifyCode") },
          },
        },
        requestingReset: {
          tags: ["loading", "forgotPassword"],
          invoke: {
            id: "forgotPassword",
            src: "forgotPassword",
            input: bodyOf("auth.forgotPassword"),
            onDone: { target: "idle", actions: [withOutput("rememberForgetpass"), ...codeSent, "redirectToResetPassword"] },
            onError: { target: "idle", actions: [fail("forgotPassword"), cooldownAfterError] },
          },
        },
        resettingPassword: {
          description: "A new password ends every session; the visitor then logs in with it.",
          tags: ["loading", "resetPassword"],
          invoke: {
            id: "resetPassword",
            src: "resetPassword",
            input: bodyOf("auth.resetPassword"),
            onDone: { target: "idle", actions: ["forgetForgetpass", notice("passwordReset"), "redirectToLogin"] },
            onError: { target: "idle", actions: fail("resetPassword") },
          },
        },
      },
    },
    authenticated: {
      tags: "signedIn",
      entry: "storeFlow",
      initial: "verifying",
      invoke: [
        {
          id: "watchInactivity",
          src: "watchInactivity",
          onDone: { description: "Idle longer than 15 minutes.", target: ".loggingOut", actions: notice("idleLogout") },
          onError: { description: "The watch failed: stay signed in; the server's idle limit still applies." },
        },
        {
          id: "pushToken",
          systemId: "pushToken",
          src: "watchPushToken",
          onDone: { description: "Push is unavailable here." },
          onError: { description: "Push failed." },
        },
        { id: "account", src: "account", onError: { description: "Account edits failed: the session goes on." } },
      ],
      on: {
        "auth.unauthorized": { target: "unauthenticated", actions: [...signedOut, "redirectToLogin"] },
        "auth.storageChanged": chart.followOtherTabs,
        "auth.profileChanged": { description: "Profile edit success: stays signed in.", actions: ["rememberProfile", "storeSignedInUser"] },
      },
      states: {
        verifying: {
          description: "A stored token may be stale: the profile call proves it, or a 401 signs out.",
          tags: "loading",
          invoke: {
            id: "loadProfile",
            src: "loadProfile",
            onDone: { target: "active", actions: [withOutput("rememberUserInfo"), "storeUserInfo"] },
            onError: [
              { guard: failed({ code: "unauthorized" }), target: "#auth.unauthenticated", actions: [...signedOut, "redirectToLogin"] },
              { description: "Offline or a server fault: stay signed in; the next call tells.", target: "active" },
            ],
          },
          on: { "auth.logout": { target: "loggingOut", actions: notice("signedOut") } },
        },
        active: { on: { "auth.logout": { target: "loggingOut", actions: notice("signedOut") } } },
        loggingOut: {
          description: "The session's actors stop; the local session ends whatever the server answers (a failed call still signs out here).",
          tags: ["loading", "logout"],
          entry: "endSession",
          invoke: {
            id: "logout",
            src: "logout",
            onDone: { target: "#auth.unauthenticated", actions: [...signedOut, "redirectHome"] },
            onError: { target: "#auth.unauthenticated", actions: [...signedOut, "redirectHome"] },
          },
        },
      },
    },
  },
});
