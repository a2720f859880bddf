// The trader every auth and account test signs in as, shared by graph specs, machine tests and
// view tests. Typed by the contract, so a change to a profile's or a sign-in's shape breaks each
// use at compile time instead of leaving a stale copy behind. Only tests and graph specs import
// this file: test data never reaches the app's bundle.
import type { CodeSent, Profile, SignedInUser } from "../../contract/index.ts";
import type { StoredUser } from "./auth.types.ts";

export const profile = {
  id: "u-1",
  email: "trader@example.com",
  fullName: "Trader",
  emailVerified: true,
  hasPassword: true,
  providers: [],
  createdAt: "2026-01-02T03:04:05.000Z",
} satisfies Profile;

/** The same account with some fields changed: renamed, signed up by code without a password, … */
export const profileWith = (changes: Partial<Profile>): Profile => ({ ...profile, ...changes });

/** What a sign-in answers: the profile plus its session token. */
export const signedInUser = (changes: Partial<SignedInUser> = {}): SignedInUser => ({ ...profile, Token: "session-1", ...changes });

/** What sign-up, sendotp and forgotPassword answer; only sendotp (and a sign-up) carry a token. */
export const codeSent = (email: string, token?: string): CodeSent => ({ email, resendAfter: 60, expiresIn: 600, ...(token ? { token } : {}) });

/** What a signed-in tab keeps in storage before its profile has loaded: the token and the address. */
export const storedUser = { Token: "token-1", email: "trader@example.com" } satisfies StoredUser;
