import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { SOCIAL } from "../limits.ts";
import { hashToken } from "../sessions.ts";
import type { Db } from "../../../platform/db/open.ts";
import { socialLoginCodes } from "../schema.ts";

/**
 * The popup's proof of a finished sign-in: 256 random bits, stored as SHA-256, short-lived. Its
 * base64url form is what the contract's SOCIAL_LOGIN_CODE_PATTERN accepts.
 */
export async function issueLoginCode(db: Db, userId: string, now: Date): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await db.insert(socialLoginCodes).values({
    codeHash: hashToken(code),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL.loginCodeTtlMs),
  });
  return code;
}

/** The user a live code was issued to, or null. Deleting is the check, so a code works once. */
export async function consumeLoginCode(db: Db, code: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(socialLoginCodes)
    .where(eq(socialLoginCodes.codeHash, hashToken(code)))
    .returning();
  return row && row.expiresAt > now ? row.userId : null;
}
