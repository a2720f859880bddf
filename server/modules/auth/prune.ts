import { lt, or } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { authAttempts, emailCodes, oauthStates, sessions, socialLoginCodes } from "./schema.ts";
import { MINUTE_MS } from "./lifetimes.ts";
import { ATTEMPTS, CODES, PRUNE } from "./limits.ts";

export interface PruneOptions {
  /**
   * The server's idle window (SESSION_IDLE_MINUTES). Sessions idle that long are pruned a day
   * later; without it only expired and revoked sessions are, so a longer setting is never cut short.
   */
  idleMinutes?: number;
}

/**
 * Deletes code and attempt rows no limit reads any more, social sign-in states and one-time
 * codes a day past their expiry (used ones are deleted when used), and sessions a day after
 * they ended (expired, revoked or idle), so the tables stay small.
 */
export async function pruneAuthRows(
  db: Db,
  now: Date,
  { idleMinutes }: PruneOptions = {},
): Promise<{ codes: number; attempts: number; states: number; loginCodes: number; sessions: number }> {
  const before = (windowMs: number) => new Date(now.getTime() - windowMs - PRUNE.keepMs);
  const codes = await db
    .delete(emailCodes)
    .where(lt(emailCodes.createdAt, before(CODES.windowMs)))
    .returning({ id: emailCodes.id });
  const attempts = await db
    .delete(authAttempts)
    .where(lt(authAttempts.at, before(ATTEMPTS.windowMs)))
    .returning({ id: authAttempts.id });
  const states = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, before(0)))
    .returning({ id: oauthStates.id });
  const loginCodes = await db
    .delete(socialLoginCodes)
    .where(lt(socialLoginCodes.expiresAt, before(0)))
    .returning({ id: socialLoginCodes.id });
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, before(0)),
        lt(sessions.revokedAt, before(0)),
        idleMinutes === undefined ? undefined : lt(sessions.lastSeenAt, before(idleMinutes * MINUTE_MS)),
      ),
    )
    .returning({ id: sessions.id });
  return { codes: codes.length, attempts: attempts.length, states: states.length, loginCodes: loginCodes.length, sessions: ended.length };
}
