import { lt } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { authAttempts, emailCodes } from "../db/schema.ts";
import { ATTEMPTS, CODES } from "./limits.ts";

/** Rows are kept a day past the longest window that reads them, for a look back after an incident. */
export const PRUNE = { keepMs: 24 * 60 * 60_000, everyMs: 60 * 60_000 } as const;

/** Deletes code and attempt rows no limit reads any more, so the tables stay small. */
export async function pruneAuthRows(db: Db, now: Date): Promise<{ codes: number; attempts: number }> {
  const before = (windowMs: number) => new Date(now.getTime() - Math.max(windowMs, CODES.ttlMs) - PRUNE.keepMs);
  const codes = await db.delete(emailCodes).where(lt(emailCodes.createdAt, before(CODES.windowMs))).returning({ id: emailCodes.id });
  const attempts = await db.delete(authAttempts).where(lt(authAttempts.at, before(ATTEMPTS.windowMs))).returning({ id: authAttempts.id });
  return { codes: codes.length, attempts: attempts.length };
}
