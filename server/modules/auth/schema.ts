// The auth module's tables: accounts, sessions, e-mailed codes, guesses and social sign-in.
import { bigint, boolean, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { fileKeys } from "../../platform/db/keys.ts";

export const users = pgTable("users", {
  // Random UUIDs, so ids in URLs and payloads reveal nothing about sign-up order or volume.
  id: uuid("id").primaryKey().defaultRandom(),
  // Stored lower-cased by createUser; the unique index then makes e-mail case-insensitive.
  email: text("email").notNull().unique(),
  // Null for accounts that only sign in by OTP or a social provider.
  passwordHash: text("password_hash"),
  fullName: text("full_name").notNull().default(""),
  // "en" | "ar": the language of e-mails the user did not ask for in a request (a sign-up notice).
  locale: text("locale"),
  emailVerifiedAt: at("email_verified_at"),
  // Legacy: the single sign-up token hash before signup_token_hashes (migration 0005 moved its
  // values there). Nothing reads or writes it any more; createUser in server/modules/auth/sessions.ts
  // still names it, and it is dropped once that goes.
  signupTokenHash: text("signup_token_hash"),
  // SHA-256 of the tokens the last sign-up answered (one per submission of that same sign-up, the
  // newest SIGNUP_TOKENS_KEPT), until the address is verified. Only a verification presenting one
  // keeps the sign-up's password: otherwise anyone could sign up with someone else's address
  // first and know the password once the owner verifies it.
  signupTokenHashes: text("signup_token_hashes").array(),
  // The version of the legal documents (TERMS_VERSION in contract/legal.ts) the holder accepted,
  // and when, by the server's clock: set by a sign-up's ticked box on the pending account, and
  // kept on verification only with the sign-up's password (the same proof of who ticked it). Null
  // when nobody is known to have accepted: accounts from before consent was asked, or verified by
  // someone other than who signed up. A provider's new account accepts by the note under its button.
  termsVersion: text("terms_version"),
  termsAcceptedAt: at("terms_accepted_at"),
  // The profile picture: one of the user's own uploads of purpose "avatar" (the files module checks).
  pictureFileId: uuid("picture_file_id").references(() => fileKeys.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 hex of the bearer token: a leaked table cannot be replayed as tokens.
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/**
 * E-mailed one-time codes. Every code asked for has a row, also for unknown e-mails (user_id
 * null, nothing sent), so send limits and answers cannot tell whether an account exists.
 */
export const emailCodes = pgTable(
  "email_codes",
  {
    // Made by the server before the insert: the code's hash is salted with it.
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    // "signin" (sign-up verification and OTP login) or "reset".
    purpose: text("purpose").notNull(),
    // SHA-256 of `${id}:${code}`; the plain code exists only in the e-mail.
    codeHash: text("code_hash").notNull(),
    // SHA-256 of the challenge /user/sendotp answers as `token`; null for other codes.
    challengeHash: text("challenge_hash"),
    // Client address that asked for it, for the per-address send limit.
    address: text("address").notNull(),
    // A sign-up's code: the name and the scrypt hash of the password it was submitted with, so a
    // repeated submission of the same sign-up is recognized (also for an address that already
    // has a verified account, where nothing else keeps them). Null for other codes.
    signupFullName: text("signup_full_name"),
    signupPasswordHash: text("signup_password_hash"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    consumedAt: at("consumed_at"),
    supersededAt: at("superseded_at"),
  },
  (t) => [
    index("email_codes_email_created_idx").on(t.email, t.createdAt),
    index("email_codes_address_created_idx").on(t.address, t.createdAt),
    index("email_codes_user_id_idx").on(t.userId),
  ],
);

/**
 * Password and code guesses (see ATTEMPTS in server/modules/auth/limits.ts). Counted in the database, not
 * in memory, so limits hold across several server processes.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Admission order: a guess waits for those pending ahead of it, and a success clears the failures before it.
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    // "login" | "verifyotp" | "resetpassword" | "changepassword" | "signup"
    action: text("action").notNull(),
    // The account's e-mail (lower-cased), whether or not such an account exists.
    account: text("account").notNull(),
    address: text("address").notNull(),
    at: at("at").notNull(),
    // "pending" while the guess is being checked, then "failed" or "succeeded".
    state: text("state").notNull(),
  },
  (t) => [index("auth_attempts_account_idx").on(t.action, t.account, t.at), index("auth_attempts_address_idx").on(t.action, t.address, t.at)],
);

/**
 * One social sign-in attempt between /auth/:provider/start and /auth/callback. The state is the
 * only key, stored hashed; the row is deleted when the callback consumes it, so it works once.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SHA-256 hex of the 256-bit state sent through the provider.
    stateHash: text("state_hash").notNull().unique(),
    // "google" | "apple" | "facebook"
    provider: text("provider").notNull(),
    // The SPA's id for the popup, echoed in the result page so it can ignore stale answers.
    requestId: text("request_id").notNull(),
    nonce: text("nonce").notNull(),
    // The PKCE verifier; only its S256 challenge went to the provider.
    codeVerifier: text("code_verifier").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    // "en" | "ar": the language of the result page and of an account made by this sign-in.
    locale: text("locale").notNull(),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("oauth_states_expires_idx").on(t.expiresAt)],
);

/**
 * Who a user is at a provider: the ID token's issuer and subject, never the e-mail, which a
 * provider may let its users change or claim without proof.
 */
export const socialIdentities = pgTable(
  "social_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    // What the provider said at the last sign-in, for support; identity never rests on it.
    email: text("email"),
    // Whether the provider vouched for that e-mail. An identity that did not is dropped when
    // someone proves the address by code (see markEmailVerified).
    emailVerified: boolean("email_verified").notNull(),
    createdAt: at("created_at").notNull(),
    lastUsedAt: at("last_used_at").notNull(),
  },
  (t) => [unique("social_identities_issuer_subject_key").on(t.issuer, t.subject), index("social_identities_user_id_idx").on(t.userId)],
);

/** The one-time code the result page hands the SPA, which /user/social-login turns into a session. */
export const socialLoginCodes = pgTable(
  "social_login_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SHA-256 hex of the 256-bit code.
    codeHash: text("code_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("social_login_codes_expires_idx").on(t.expiresAt), index("social_login_codes_user_id_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type EmailCode = typeof emailCodes.$inferSelect;
export type OauthState = typeof oauthStates.$inferSelect;
export type SocialIdentity = typeof socialIdentities.$inferSelect;
