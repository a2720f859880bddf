import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { sessions, users, type Session, type User } from "./schema.ts";
import { DAY_MS, MINUTE_MS, SESSION_DEFAULTS, type SessionLifetimes } from "./lifetimes.ts";
import { REVOCATIONS_CHANNEL, sessionCacheOf, type SessionCache } from "./session-cache.ts";

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

/** last_seen_at moves at most this often: an active session costs one write a minute, not one a request. */
export const TOUCH_EVERY_MS = MINUTE_MS;

export interface AuthenticateOptions {
  now?: Date;
  idleMinutes?: SessionLifetimes["idleMinutes"];
  /** Verified sessions in memory (see session-cache.ts); without it every call reads the database. */
  cache?: SessionCache;
}

const liveAt = (session: Session, now: Date, idleSince: Date) => session.revokedAt === null && session.expiresAt > now && session.lastSeenAt > idleSince;
const dueForTouch = (session: Session, now: Date) => now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS;

/**
 * The live session for a token, and its user, or null. Live means not revoked, before its
 * absolute expiry, and seen within the idle window. A hit moves last_seen_at forward (which
 * extends the idle window), but at most once a minute: so a session expires between
 * idleMinutes − 1 and idleMinutes after its last use, never later.
 */
export async function authenticateToken(
  db: Db,
  token: string,
  { now = new Date(), idleMinutes = SESSION_DEFAULTS.idleMinutes, cache }: AuthenticateOptions = {},
): Promise<{ user: User; session: Session } | null> {
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - idleMinutes * MINUTE_MS);
  if (!cache) return loadSession(db, tokenHash, now, idleSince);

  const cached = cache.get(tokenHash);
  if (cached) {
    // The absolute expiry never moves: past it, the answer is final.
    if (cached.session.expiresAt <= now) return null;
    // Idle by this copy (another process may have seen it since) or due a touch: ask the database.
    if (liveAt(cached.session, now, idleSince) && !dueForTouch(cached.session, now)) return cached;
  }
  const generation = cache.generation();
  const loaded = await cache.load(tokenHash, now.getTime(), async () => {
    const auth = await loadSession(db, tokenHash, now, idleSince);
    if (auth) cache.put(tokenHash, auth, generation);
    else cache.evict(tokenHash);
    return auth;
  });
  // A load begun by a concurrent request ran on its clock, at most as late as ours.
  return loaded && liveAt(loaded.session, now, idleSince) ? loaded : null;
}

async function loadSession(db: Db, tokenHash: string, now: Date, idleSince: Date): Promise<{ user: User; session: Session } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)));
  if (!row) return null;
  if (!dueForTouch(row.session, now)) return row;
  const session = await touch(db, row.session.id, now, idleSince);
  return session ? { session, user: row.user } : null;
}

const touching = new Map<string, Promise<Session | null>>();

/** Moves last_seen_at to now, unless the session ended or was touched within the minute (by any process). */
function touch(db: Db, sessionId: string, now: Date, idleSince: Date): Promise<Session | null> {
  const key = `${sessionId} ${now.getTime()}`;
  let touched = touching.get(key);
  if (touched) return touched;
  const live = and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince));
  touched = (async () => {
    const [moved] = await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(live, lte(sessions.lastSeenAt, new Date(now.getTime() - TOUCH_EVERY_MS))))
      .returning();
    if (moved) return moved;
    const [current] = await db.select().from(sessions).where(live);
    return current ?? null;
  })();
  touching.set(key, touched);
  const done = () => touching.delete(key);
  touched.then(done, done);
  return touched;
}

/**
 * Ends one session. The notice goes out in the same statement stream (so, inside a caller's
 * transaction, at its commit) to every process sharing the database, which drop it from memory.
 */
export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await revoking(db, { session: sessionId }, () =>
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),
  );
}

/** Ends every live session of a user, or every one but `except` (the session changing the password). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, { except }: { except?: string } = {}): Promise<void> {
  await revoking(db, { user: userId, ...(except ? { except } : {}) }, () =>
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined)),
  );
}

async function revoking(db: Db, target: { session: string } | { user: string; except?: string }, write: () => Promise<unknown>): Promise<void> {
  const cache = sessionCacheOf(db);
  const revocation = cache?.begin(target) ?? { ...target, id: randomBytes(9).toString("base64url") };
  try {
    await write();
    await db.execute(sql`select pg_notify(${REVOCATIONS_CHANNEL}, ${JSON.stringify(revocation)})`);
  } catch (error) {
    cache?.abandon(revocation);
    throw error;
  }
}
