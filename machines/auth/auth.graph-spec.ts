// Samples the statechart tools drive the auth machine with (npm run paths, npm test): payloads
// that take both sides of every guard, and what each invoked actor may answer. Only the tools
// import this file, so test data never reaches the app's bundle.
import { TERMS_VERSION } from "../../contract/index.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import { codeSent, profile, profileWith, signedInUser } from "./auth.fixtures.ts";
import type { AuthEvent, AuthInput } from "./auth.types.ts";

const signedIn = signedInUser({ Token: "t-123" });
// A sign-up verified without its token: the account has no password.
const withoutPassword = signedInUser({ Token: "t-123", hasPassword: false });
const codeSentToNew = codeSent("new@example.com", "token-1");
const apiError = (code: string, reason: string | null, extra: Record<string, unknown> = {}) => ({
  code,
  message: "server message",
  data: reason ? { reason, ...extra } : undefined,
});

export const authGraphSpec: MachineGraphSpec<AuthInput, AuthEvent> = {
  // The order of inputs and events shapes the paths (the first start, and the first event, that
  // covers something new is taken), and the paths also run on the real screens
  // (tests/views/auth/auth-paths.test.tsx): a reloaded code login first, and auth.cancelCode before
  // auth.verifyCode, so "Use another e-mail" is taken with the code step on screen, and auth.dismiss
  // (sent by a form's page) while signed out, where such a page can open.
  inputs: [
    // A reload mid-flow: a code login's step and a return address kept.
    {
      storedUser: null,
      flow: { signupUser: null, otp: { email: "new@example.com", token: "token-1" }, forgetpass: null, returnTo: "/market", loginEmail: null },
    },
    { storedUser: null },
    { storedUser: signedIn },
    { storedUser: { token: "" } },
    // A reload while a social popup was open.
    { storedUser: null, socialRequest: { provider: "apple", requestId: "r-1" } },
  ],
  events: [
    { type: "auth.login", email: "trader@example.com", password: "correct horse battery" },
    { type: "auth.signup", fullName: "New Trader", email: "new@example.com", password: "correct horse battery", acceptedTerms: TERMS_VERSION },
    { type: "auth.sendCode", email: "new@example.com" },
    { type: "auth.cancelCode" },
    { type: "auth.verifyCode", email: "new@example.com", otp: "123456" },
    { type: "auth.social", provider: "google" },
    { type: "auth.forgotPassword", email: "trader@example.com" },
    { type: "auth.resetPassword", email: "trader@example.com", otp: "123456", password: "a brand new passphrase" },
    { type: "auth.profileChanged", profile: profileWith({ fullName: "Renamed Trader" }) },
    { type: "auth.dismiss" },
    { type: "auth.returnTo", path: "/exchange?curr=EUR&symbol=ETH" },
    { type: "auth.logout" },
    { type: "auth.unauthorized" },
    { type: "auth.storageChanged", user: signedIn },
    // Another tab signed in as someone else.
    { type: "auth.storageChanged", user: signedInUser({ Token: "t-456" }) },
    { type: "auth.storageChanged", user: null },
  ],
  actors: {
    watchInactivity: { done: [undefined], error: [new Error("watch failed")] },
    watchPushToken: { done: [undefined], error: [new Error("push failed")] },
    // Runs for the whole session: it never finishes.
    account: { done: [], error: [new Error("account machine failed")] },
    socialPopup: {
      done: [
        { ok: true, provider: "google", code: "one-time" },
        { ok: false, provider: "google", failure: "popupClosed" },
      ],
      error: [new Error("popup machine failed")],
    },
    socialLogin: { done: [signedIn], error: [apiError("network", null)] },
    logout: { done: [null], error: [new Error("network")] },
    loadProfile: { done: [profile], error: [apiError("unauthorized", null), apiError("network", null)] },
    login: {
      done: [signedIn],
      error: [
        apiError("badRequest", "invalidCredentials"),
        apiError("forbidden", "emailNotVerified", { email: "trader@example.com" }),
        apiError("forbidden", "codeRequired", { email: "trader@example.com" }),
      ],
    },
    signup: { done: [codeSentToNew], error: [apiError("rateLimited", "rateLimited", { retryAfter: 42 })] },
    sendOtp: { done: [codeSentToNew], error: [apiError("rateLimited", "rateLimited", { retryAfter: 42 })] },
    verifyOtp: { done: [signedIn, withoutPassword], error: [apiError("badRequest", "codeInvalid", { attemptsLeft: 4 })] },
    forgotPassword: { done: [codeSentToNew], error: [apiError("network", null)] },
    resetPassword: { done: [null], error: [apiError("badRequest", "codeExpired")] },
  },
};
