import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { socialIdentities, users, type User } from "../db/schema.ts";

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

/**
 * A repeated sign-up of an account nobody has verified yet takes the new name and password.
 * Undefined if it was verified meanwhile: then it is a verified account and stays as it is.
 */
export async function replaceUnverified(
  db: Db,
  userId: string,
  { fullName, passwordHash, locale, signupTokenHash, now }: { fullName: string; passwordHash: string; locale: string; signupTokenHash: string; now: Date },
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ fullName, passwordHash, locale, signupTokenHash, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return user;
}

/**
 * A right e-mail code proves the address; the first one marks it verified. It proves nothing
 * about who chose the pending sign-up password, so that is kept only with `keepPassword` (the
 * verifier presented the sign-up's token); otherwise the account starts without a password.
 * Likewise a social identity whose provider did not vouch for the address (Facebook) may belong
 * to someone else: it is unlinked, and that provider answers "e-mail taken" from then on.
 */
export async function markEmailVerified(db: Db, userId: string, now: Date, { keepPassword = true }: { keepPassword?: boolean } = {}): Promise<User> {
  const [changed] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now, signupTokenHash: null, ...(keepPassword ? {} : { passwordHash: null }) })
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
