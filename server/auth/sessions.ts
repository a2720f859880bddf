import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { sessions, users, type Session, type User } from "../db/schema.ts";
import { DAY_MS, MINUTE_MS, SESSION_DEFAULTS, type SessionLifetimes } from "./lifetimes.ts";

export interface NewUser {
  email: string;
  fullName?: string;
  passwordHash?: string | null;
  locale?: string | null;
  emailVerifiedAt?: Date | null;
  signupTokenHash?: string | null;
}

export async function createUser(db: Db, input: NewUser): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      fullName: input.fullName ?? "",
      passwordHash: input.passwordHash ?? null,
      locale: input.locale ?? null,
      signupTokenHash: input.signupTokenHash ?? null,
      emailVerifiedAt: input.emailVerifiedAt ?? null,
    })
    .returning();
  if (!user) throw new Error("insert into users returned no row");
  return user;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface CreateSessionOptions {
  now?: Date;
  absoluteDays?: number;
}

/** Issues a bearer token; only its hash is stored, so the token exists nowhere but with the client. */
export async function createSession(
  db: Db,
  userId: string,
  { now = new Date(), absoluteDays = SESSION_DEFAULTS.absoluteDays }: CreateSessionOptions = {},
): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString("base64url");
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + absoluteDays * DAY_MS),
    })
    .returning();
  if (!session) throw new Error("insert into sessions returned no row");
  return { token, session };
}

/**
 * The live session for a token, or null. Live means not revoked, before its absolute expiry,
 * and seen within the idle window; a hit moves last_seen_at forward, which extends the idle window.
 */
export async function authenticateToken(
  db: Db,
  token: string,
  { now = new Date(), idleMinutes = SESSION_DEFAULTS.idleMinutes }: { now?: Date; idleMinutes?: SessionLifetimes["idleMinutes"] } = {},
): Promise<{ user: User; session: Session } | null> {
  const idleSince = new Date(now.getTime() - idleMinutes * MINUTE_MS);
  const [session] = await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .returning();
  if (!session) return null;
  const [user] = await db.select().from(users).where(eq(users.id, session.userId));
  return user ? { user, session } : null;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, or every one but `except` (the session changing the password). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, { except }: { except?: string } = {}): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined));
}
