// Reading the auth record and spec section 3's client state off the machine, never keeping them beside it.
import type { AuthContext, StoredUser } from "./auth.types.ts";

/** The session token of a stored record: `Token`, or `token` as some responses spell it. */
export function tokenOf(user: StoredUser | null | undefined): string | null {
  const token = user?.Token ?? user?.token;
  return typeof token === "string" && token.length > 0 ? token : null;
}

/** The profile part of a sign-in answer: everything but the token. */
export function profileOf<P extends StoredUser>(user: P): Omit<P, "Token" | "token"> {
  const { Token: _upper, token: _lower, ...profile } = user;
  return profile;
}

/**
 * The client state values of spec section 3. routeType is the current route's layout: the app
 * adds it, since routes are not auth state.
 */
export function authStateOf(snapshot: { context: AuthContext; hasTag(tag: "signedIn" | "loading"): boolean }) {
  const { context } = snapshot;
  return {
    user: context.user,
    authToken: tokenOf(context.user) ?? context.otp?.token ?? null,
    signupuser: context.signupUser,
    forgetpass: context.forgetpass,
    isAuthenticated: snapshot.hasTag("signedIn"),
    userInfo: context.userInfo,
    loading: snapshot.hasTag("loading"),
  };
}
