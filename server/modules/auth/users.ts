import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { socialIdentities, users, type User } from "./schema.ts";
import { SIGNUP_TOKENS_KEPT } from "./limits.ts";
import { hashToken } from "./sessions.ts";

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

/** Where and in which language to write to a user (null when the account is gone). */
export async function userContact(db: Db, userId: string): Promise<{ email: string; locale: "en" | "ar" } | null> {
  const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  return user ? { email: user.email, locale: user.locale === "ar" ? "ar" : "en" } : null;
}

export interface PendingSignupFields {
  fullName: string;
  passwordHash: string;
  locale: string;
  signupTokenHash: string;
  /** The version of the legal documents the sign-up's box accepted, and when (the server's clock). */
  termsVersion: string;
  termsAcceptedAt: Date;
}

/** A new account from a sign-up: unverified, with the sign-up's password, token and consent. */
export async function createUnverifiedUser(db: Db, email: string, { signupTokenHash, ...fields }: PendingSignupFields): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ email: email.trim().toLowerCase(), ...fields, signupTokenHashes: [signupTokenHash] })
    .returning();
  if (!user) throw new Error("insert into users returned no row");
  return user;
}

/**
 * A repeated sign-up of an account nobody has verified yet takes the new name, password and consent.
 * Undefined if it was verified meanwhile: then it is a verified account and stays as it is.
 */
export async function replaceUnverified(
  db: Db,
  userId: string,
  { signupTokenHash, now, ...fields }: PendingSignupFields & { now: Date },
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...fields, signupTokenHashes: [signupTokenHash], updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return user;
}

/**
 * One more token for the same sign-up (a repeated submission), kept while the account is still
 * unverified and still holds that sign-up's password; the newest SIGNUP_TOKENS_KEPT are kept.
 */
export async function addSignupToken(
  db: Db,
  userId: string,
  { passwordHash, signupTokenHash }: { passwordHash: string; signupTokenHash: string },
): Promise<void> {
  const appended = sql`array_append(coalesce(${users.signupTokenHashes}, '{}'::text[]), ${signupTokenHash}::text)`;
  await db
    .update(users)
    .set({ signupTokenHashes: sql`(${appended})[greatest(1, cardinality(${appended}) - ${SIGNUP_TOKENS_KEPT - 1}::int):]` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), eq(users.passwordHash, passwordHash)));
}

/** Whether `token` is one that a sign-up of this (unverified) account answered. */
export function presentsSignupToken(user: User | undefined, token: string | undefined): boolean {
  if (token === undefined || !user?.signupTokenHashes?.length) return false;
  const hash = hashToken(token);
  return user.signupTokenHashes.includes(hash);
}

/**
 * A right e-mail code proves the address; the first one marks it verified. It proves nothing
 * about who submitted the pending sign-up, so its password and its accepted terms are kept only
 * with `keepSignup` (the verifier presented one of the sign-up's tokens); otherwise the account
 * starts without a password and without a recorded consent. Likewise a social identity whose
 * provider did not vouch for the address (Facebook) may belong to someone else: it is unlinked,
 * and that provider answers "e-mail taken" from then on.
 */
export async function markEmailVerified(db: Db, userId: string, now: Date, { keepSignup = true }: { keepSignup?: boolean } = {}): Promise<User> {
  const dropSignup = { passwordHash: null, termsVersion: null, termsAcceptedAt: null };
  const [changed] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now, signupTokenHashes: null, signupTokenHash: null, ...(keepSignup ? {} : dropSignup) })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (changed) {
    await db.delete(socialIdentities).where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.emailVerified, false)));
    return changed;
  }
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} of a live code is gone`);
  return user;
}

/** Renames the account or sets its language; answers the account as it is now. */
export async function updateUserProfile(db: Db, userId: string, fields: { fullName?: string; locale?: string }, now: Date): Promise<User> {
  const [user] = await db
    .update(users)
    .set({
      ...(fields.fullName === undefined ? {} : { fullName: fields.fullName }),
      ...(fields.locale === undefined ? {} : { locale: fields.locale }),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new Error("update of users returned no row");
  return user;
}

/** The account's first password, in one conditional statement: two concurrent requests cannot both set it. Undefined when it has one. */
export async function setFirstPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning();
  return user;
}

/** Replaces the password only over the one just proven (a change made meanwhile by another request wins); whether it did. */
export async function replacePassword(db: Db, userId: string, proven: string, passwordHash: string, now: Date): Promise<boolean> {
  const [updated] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.passwordHash, proven)))
    .returning({ id: users.id });
  return updated !== undefined;
}

/**
 * Points the account's picture at another file (or none), in the caller's transaction; answers the
 * account as it is now and the picture it had, so the caller can delete that one.
 */
export async function swapUserPicture(tx: Db, userId: string, fileId: string | null, now: Date): Promise<{ user: User; previous: string | null }> {
  const [before] = await tx.select({ previous: users.pictureFileId }).from(users).where(eq(users.id, userId)).for("update");
  const [user] = await tx.update(users).set({ pictureFileId: fileId, updatedAt: now }).where(eq(users.id, userId)).returning();
  if (!before || !user) throw new Error("update of users returned no row");
  return { user, previous: before.previous };
}
