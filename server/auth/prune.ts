import { lt } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { authAttempts, emailCodes } from "../db/schema.ts";
import { ATTEMPTS, CODES, PRUNE } from "./limits.ts";

/** Deletes code and attempt rows no limit reads any more, so the tables stay small. */
export async function pruneAuthRows(db: Db, now: Date): Promise<{ codes: number; attempts: number }> {
  const before = (windowMs: number) => new Date(now.getTime() - windowMs - PRUNE.keepMs);
  const codes = await db.delete(emailCodes).where(lt(emailCodes.createdAt, before(CODES.windowMs))).returning({ id: emailCodes.id });
  const attempts = await db.delete(authAttempts).where(lt(authAttempts.at, before(ATTEMPTS.windowMs))).returning({ id: authAttempts.id });
  return { codes: codes.length, attempts: attempts.length };
}
