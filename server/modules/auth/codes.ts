import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { CODE_LENGTH, type RoutesWithReason } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { emailCodes, type EmailCode } from "./schema.ts";
import { KEY_SPACE, lockKeys } from "./key-locks.ts";
import { CODES, seconds } from "./limits.ts";
import { rateLimited } from "./rate-limited.ts";
import { waitBeforeNextCode } from "./code-limits.ts";

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
  /** A sign-up's code keeps what it was submitted with, to recognize a repeated submission. */
  signup?: { fullName: string; passwordHash: string };
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
 * Serializes code issuing per e-mail and per address until the transaction ends: the limits are
 * counted and the new row written while no other request counts the same keys, so concurrent
 * requests are admitted exactly up to the limits (never two past the last place, never both
 * refused for each other).
 */
export async function lockCodeKeys(tx: Db, { email, address }: { email: string; address: string }): Promise<void> {
  await lockKeys(tx, { [KEY_SPACE.codeEmail]: email, [KEY_SPACE.codeAddress]: address });
}

/**
 * Within a transaction holding lockCodeKeys: stores a new code and retires older live ones of the
 * same purpose, or answers how long to wait (nothing written).
 */
export async function insertCode(tx: Db, input: IssueCodeInput): Promise<IssuedCode | { wait: number }> {
  const { email, purpose, userId, address, now } = input;
  const wait = await waitBeforeNextCode(tx, { email, address, now });
  if (wait > 0) return { wait };
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const challenge = input.withChallenge ? randomBytes(32).toString("base64url") : undefined;
  await tx
    .update(emailCodes)
    .set({ supersededAt: now })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt), isNull(emailCodes.supersededAt)));
  await tx.insert(emailCodes).values({
    id,
    email,
    userId,
    purpose,
    codeHash: codeDigest(id, code),
    challengeHash: challenge ? sha256(challenge) : null,
    address,
    signupFullName: input.signup?.fullName ?? null,
    signupPasswordHash: input.signup?.passwordHash ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODES.ttlMs),
  });
  const resendAfter = seconds(Math.max(CODES.resendAfterMs, await waitBeforeNextCode(tx, { email, address, now })));
  return { id, code, challenge, resendAfter, expiresIn: seconds(CODES.ttlMs) };
}

/** Stores a new code in its own transaction (see insertCode), or throws the route's 429. */
export async function issueCode(db: Db, input: IssueCodeInput & { route: RoutesWithReason<"rateLimited"> }): Promise<IssuedCode> {
  const issued = await db.transaction(async (tx) => {
    await lockCodeKeys(tx, input);
    return insertCode(tx, input);
  });
  if ("wait" in issued) throw rateLimited(input.route, issued.wait);
  return issued;
}

/** A code nobody used up: not consumed, not replaced, not expired, tries left. */
const liveAt = (now: Date) =>
  and(isNull(emailCodes.consumedAt), isNull(emailCodes.supersededAt), gt(emailCodes.expiresAt, now), lt(emailCodes.attempts, CODES.maxWrongTries));

export type PendingSignup = EmailCode & { signupFullName: string; signupPasswordHash: string };

/**
 * The sign-up a repeated submission may be a duplicate of: the e-mail's live sign-in code, made
 * by a sign-up, still inside its resend wait. Undefined when there is none.
 */
export async function pendingSignup(db: Db, email: string, now: Date): Promise<PendingSignup | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(
      and(eq(emailCodes.email, email), eq(emailCodes.purpose, "signin"), liveAt(now), gt(emailCodes.createdAt, new Date(now.getTime() - CODES.resendAfterMs))),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row?.signupFullName != null && row.signupPasswordHash != null ? (row as PendingSignup) : undefined;
}

export type CodeCheck =
  { ok: true; userId: string; codeId: string } | { ok: false; reason: "codeInvalid"; attemptsLeft: number } | { ok: false; reason: "codeExpired" };

export interface CheckCodeInput {
  email: string;
  purpose: CodePurpose;
  code: string;
  /** The sendotp `token`; when given it must be the newest code's challenge. */
  challenge?: string;
  now: Date;
  /**
   * False: a right code is only reported, for the caller to consume with consumeCode in the
   * transaction of its writes (a reset hashes the new password in between, outside any transaction).
   */
  consume?: boolean;
}

/**
 * Checks the newest live code of that purpose. A right code is consumed and a wrong one counted
 * by single conditional UPDATEs, so two concurrent checks cannot both win or both miss a try.
 */
export async function checkCode(db: Db, { email, purpose, code, challenge, now, consume = true }: CheckCodeInput): Promise<CodeCheck> {
  const live = liveAt(now);
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
    if (!consume) return { ok: true, userId: row.userId, codeId: row.id };
    return (await consumeCode(db, row.id, now)) ? { ok: true, userId: row.userId, codeId: row.id } : { ok: false, reason: "codeExpired" };
  }
  const [counted] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, row.id), live))
    .returning({ attempts: emailCodes.attempts });
  if (!counted) return { ok: false, reason: "codeExpired" };
  return { ok: false, reason: "codeInvalid", attemptsLeft: CODES.maxWrongTries - counted.attempts };
}

/** Uses up a code checked right, if it is still live: false when another request got it first. */
export async function consumeCode(db: Db, codeId: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, codeId), liveAt(now)))
    .returning({ id: emailCodes.id });
  return consumed.length === 1;
}

/** Sign-up writes the account after the code passed its limits, then ties the code to it. */
export async function bindCodeToUser(db: Db, codeId: string, userId: string): Promise<void> {
  await db.update(emailCodes).set({ userId }).where(eq(emailCodes.id, codeId));
}
