import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { users, type User } from "../db/schema.ts";

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
  { fullName, passwordHash, locale, now }: { fullName: string; passwordHash: string; locale: string; now: Date },
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ fullName, passwordHash, locale, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return user;
}

/** A right e-mail code proves the address; the first one marks it verified. */
export async function markEmailVerified(db: Db, userId: string, now: Date): Promise<User> {
  const [changed] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (changed) return changed;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} of a live code is gone`);
  return user;
}
