// The auth machine's vocabulary: what it keeps, hears, tags and tells. Request and answer shapes
// are the contract's (SignedInUser, CodeSent, Profile), never copies of them.
import type { CodeSent, ForgotPasswordBody, LoginBody, Profile, ResetPasswordBody, SendOtpBody, SignedInUser, SignupBody } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";
import type { SocialProvider } from "./socialPopup.machine.ts";

export type { CodeSent, Profile, SignedInUser, SocialProvider };

/**
 * The stored `authUser` record (spec section 3): a sign-in's answer, with its `Token`. Some
 * responses and older records carry `token` in lower case; storage may hold anything, so every
 * field is optional and read with care (auth.state.ts tokenOf).
 */
export type StoredUser = Partial<SignedInUser> & { token?: string; [field: string]: unknown };

/**
 * What a sign-in flow under way keeps across a reload of its tab (the app keeps it in session
 * storage): the sign-up's token that keeps its password, the code login's step, the reset's
 * e-mail, where to go after signing in, and the e-mail to fill in at login.
 */
export interface PendingFlow {
  signupUser: AuthContext["signupUser"];
  otp: AuthContext["otp"];
  forgetpass: AuthContext["forgetpass"];
  returnTo: string | null;
  loginEmail: string | null;
}

export interface AuthInput {
  storedUser: StoredUser | null;
  /** A flow this tab had under way before it reloaded. */
  flow?: PendingFlow | null;
  /** A social popup this tab opened before it reloaded, whose answer may still come. */
  socialRequest?: { provider: SocialProvider; requestId: string } | null;
}

/** Which form a failure belongs to, so each screen shows only its own. */
export type AuthFlow = "login" | "signup" | "sendCode" | "verifyCode" | "forgotPassword" | "resetPassword" | "social";
export type AuthFailure = Failure<AuthFlow>;

export interface AuthContext {
  /** `authUser`: the profile plus its Token. */
  user: StoredUser | null;
  /** `userInfo`: the profile alone. */
  userInfo: Profile | null;
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
  /** The popup's one-time code, until /user/social-login exchanges it. */
  socialCode: string | null;
  /** A signed-out visitor's page (same-origin path) to return to after signing in. */
  returnTo: string | null;
  /** The e-mail to fill in at login: the one whose password was just reset. */
  loginEmail: string | null;
  /** Whether the code being verified confirms a new account's e-mail (not a code login): its sign-up password must have been kept. */
  verifyingSignup: boolean;
  /** The social popup request this tab opened before it reloaded, until its answer comes or the wait ends. */
  resumeSocial: { provider: SocialProvider; requestId: string } | null;
}

/** Events that start a call carry the contract's request body. */
export type AuthEvent =
  | ({ type: "auth.login" } & LoginBody)
  | ({ type: "auth.signup" } & SignupBody)
  /** Sends a sign-in code by e-mail: OTP login, or a new code to verify the e-mail. */
  | ({ type: "auth.sendCode" } & SendOtpBody)
  | { type: "auth.verifyCode"; email: string; otp: string }
  /** Leaves the code step of OTP login to use another e-mail. */
  | { type: "auth.cancelCode" }
  /** Google, Apple or Facebook in a popup; a second one while a popup is open replaces it. */
  | { type: "auth.social"; provider: SocialProvider }
  | ({ type: "auth.forgotPassword" } & ForgotPasswordBody)
  | ({ type: "auth.resetPassword" } & ResetPasswordBody)
  /** The account machine saved the profile (a new name, a first password): still signed in, with it. */
  | { type: "auth.profileChanged"; profile: Profile }
  /** A protected page sent the visitor to log in: go back there after signing in (a same-origin path). */
  | { type: "auth.returnTo"; path: string }
  /** A screen opened: a failure another visit left behind is not shown again. */
  | { type: "auth.dismiss" }
  | { type: "auth.logout" }
  | { type: "auth.unauthorized" }
  /** Another tab (or a later sign-in flow) stored a new auth record, or cleared it. */
  | { type: "auth.storageChanged"; user: StoredUser | null };

/**
 * What views read instead of state names: `signedIn` while authenticated, `loading` while any
 * call runs, and which call it is.
 */
export type AuthTag =
  "signedIn" | "loading" | "login" | "signup" | "sendCode" | "verifyCode" | "socialPopup" | "socialExchange" | "forgotPassword" | "resetPassword" | "logout";

/** Every invoked child by id, with its src: views and the app get `snapshot.children.account` typed as the account machine. */
export type AuthChildren = {
  watchInactivity: "watchInactivity";
  pushToken: "watchPushToken";
  account: "account";
  socialPopup: "socialPopup";
  login: "login";
  signup: "signup";
  sendOtp: "sendOtp";
  verifyOtp: "verifyOtp";
  socialLogin: "socialLogin";
  forgotPassword: "forgotPassword";
  resetPassword: "resetPassword";
  loadProfile: "loadProfile";
  logout: "logout";
};

/** Successes worth telling the user; the app shows them translated. */
export type AuthNotice =
  | "socialCancelled"
  | "idleLogout"
  | "codeSent"
  | "verifyEmailFirst"
  | "passwordReset"
  /** Signed in by a form or a popup (not a restored session): the flow's own notices are over. */
  | "welcome"
  /** The user logged out. */
  | "signedOut"
  /** The e-mail was verified without this browser's sign-up token, so the password chosen at sign-up was not kept. */
  | "passwordNotKept";

export type AuthEmitted =
  | { type: "auth.notice"; notice: AuthNotice; email?: string; provider?: SocialProvider }
  /** Another code may be asked for only after this many seconds. */
  | { type: "auth.codeCooldown"; seconds: number };
