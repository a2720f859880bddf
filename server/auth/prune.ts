import { lt } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { authAttempts, emailCodes, oauthStates, socialLoginCodes } from "../db/schema.ts";
import { ATTEMPTS, CODES, PRUNE } from "./limits.ts";

/**
 * Deletes code and attempt rows no limit reads any more, and social sign-in states and one-time
 * codes a day past their expiry (used ones are deleted when used), so the tables stay small.
 */
export async function pruneAuthRows(db: Db, now: Date): Promise<{ codes: number; attempts: number; states: number; loginCodes: number }> {
  const before = (windowMs: number) => new Date(now.getTime() - windowMs - PRUNE.keepMs);
  const codes = await db.delete(emailCodes).where(lt(emailCodes.createdAt, before(CODES.windowMs))).returning({ id: emailCodes.id });
  const attempts = await db.delete(authAttempts).where(lt(authAttempts.at, before(ATTEMPTS.windowMs))).returning({ id: authAttempts.id });
  const states = await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before(0))).returning({ id: oauthStates.id });
  const loginCodes = await db.delete(socialLoginCodes).where(lt(socialLoginCodes.expiresAt, before(0))).returning({ id: socialLoginCodes.id });
  return { codes: codes.length, attempts: attempts.length, states: states.length, loginCodes: loginCodes.length };
}
