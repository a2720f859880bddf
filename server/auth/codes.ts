import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { CODE_LENGTH } from "../../src/lib/contract/auth.ts";
import type { Db } from "../db/open.ts";
import { emailCodes } from "../db/schema.ts";
import { CODES, seconds } from "./limits.ts";
import { rateLimited, waitForWindow } from "./rate-limited.ts";

/** "signin" serves sign-up verification and OTP login alike: either proves the e-mail. */
export type CodePurpose = "signin" | "reset";

export interface IssueCodeInput {
  email: string;
  purpose: CodePurpose;
  /** Null when no account has this e-mail: the row still counts toward limits, nothing is sent. */
  userId: string | null;
  address: string;
  now: Date;
  /** sendotp binds the later verify to a random challenge it answers as `token`. */
  withChallenge?: boolean;
}

export interface IssuedCode {
  id: string;
  code: string;
  challenge?: string;
  /** Seconds until another code may be asked for. */
  resendAfter: number;
  expiresIn: number;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
// Salted with the row id, so equal codes hash differently and a hash names one row only.
const codeDigest = (id: string, code: string) => sha256(`${id}:${code}`);
const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Stores a new code and retires older live ones of the same purpose, or throws 429. The row is
 * inserted before the limits are counted, so two concurrent requests each see the other: at
 * worst both are refused, never both allowed past a limit.
 */
export async function issueCode(db: Db, input: IssueCodeInput): Promise<IssuedCode> {
  const { email, purpose, userId, address, now } = input;
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const challenge = input.withChallenge ? randomBytes(32).toString("base64url") : undefined;
  await db.insert(emailCodes).values({
    id,
    email,
    userId,
    purpose,
    codeHash: codeDigest(id, code),
    challengeHash: challenge ? sha256(challenge) : null,
    address,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODES.ttlMs),
  });
  const wait = await waitBeforeNextCode(db, { email, address, now, excluding: id });
  if (wait > 0) {
    await db.delete(emailCodes).where(eq(emailCodes.id, id));
    throw rateLimited(wait);
  }
  await db
    .update(emailCodes)
    .set({ supersededAt: now })
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        ne(emailCodes.id, id),
        isNull(emailCodes.consumedAt),
        isNull(emailCodes.supersededAt),
      ),
    );
  const resendAfter = seconds(Math.max(CODES.resendAfterMs, await waitBeforeNextCode(db, { email, address, now })));
  return { id, code, challenge, resendAfter, expiresIn: seconds(CODES.ttlMs) };
}

/** Milliseconds until one more code may go to this e-mail from this address (0: now). */
async function waitBeforeNextCode(db: Db, { email, address, now, excluding }: { email: string; address: string; now: Date; excluding?: string }) {
  const since = new Date(now.getTime() - CODES.windowMs);
  const others = excluding ? ne(emailCodes.id, excluding) : undefined;
  const recent = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, since), others))
    .orderBy(desc(emailCodes.createdAt))
    .limit(CODES.perEmailPerWindow);
  const [fromAddress] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.address, address), gt(emailCodes.createdAt, since), others))
    .orderBy(desc(emailCodes.createdAt))
    .offset(CODES.perAddressPerWindow - 1)
    .limit(1);
  return Math.max(
    waitForWindow(recent[0]?.createdAt, CODES.resendAfterMs, now),
    waitForWindow(recent[CODES.perEmailPerWindow - 1]?.createdAt, CODES.windowMs, now),
    waitForWindow(fromAddress?.createdAt, CODES.windowMs, now),
  );
}

export type CodeCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: "codeInvalid"; attemptsLeft: number }
  | { ok: false; reason: "codeExpired" };

export interface CheckCodeInput {
  email: string;
  purpose: CodePurpose;
  code: string;
  /** The sendotp `token`; when given it must be the newest code's challenge. */
  challenge?: string;
  now: Date;
}

/**
 * Checks the newest live code of that purpose. A right code is consumed and a wrong one counted
 * by single conditional UPDATEs, so two concurrent checks cannot both win or both miss a try.
 */
export async function checkCode(db: Db, { email, purpose, code, challenge, now }: CheckCodeInput): Promise<CodeCheck> {
  const live = and(
    isNull(emailCodes.consumedAt),
    isNull(emailCodes.supersededAt),
    gt(emailCodes.expiresAt, now),
    lt(emailCodes.attempts, CODES.maxWrongTries),
  );
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), live))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!row) return { ok: false, reason: "codeExpired" };
  // A token from an older request means the code it was bound to is gone: ask for a new one.
  if (challenge !== undefined && !(row.challengeHash && sameDigest(sha256(challenge), row.challengeHash))) {
    return { ok: false, reason: "codeExpired" };
  }

  // A code for an unknown e-mail was never sent: even a lucky guess is a wrong try.
  if (row.userId && sameDigest(codeDigest(row.id, code), row.codeHash)) {
    const [consumed] = await db
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.id, row.id), live))
      .returning({ userId: emailCodes.userId });
    return consumed?.userId ? { ok: true, userId: consumed.userId } : { ok: false, reason: "codeExpired" };
  }
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, row.id), live))
    .returning({ attempts: emailCodes.attempts });
  if (!counted) return { ok: false, reason: "codeExpired" };
  return { ok: false, reason: "codeInvalid", attemptsLeft: CODES.maxWrongTries - counted.attempts };
}

/** Sign-up writes the account after the code passed its limits, then ties the code to it. */
export async function bindCodeToUser(db: Db, codeId: string, userId: string): Promise<void> {
  await db.update(emailCodes).set({ userId }).where(eq(emailCodes.id, codeId));
}
