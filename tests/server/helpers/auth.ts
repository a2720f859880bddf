import { desc, eq } from "drizzle-orm";
import { TERMS_VERSION } from "../../../contract/index.ts";
import { scryptHasherWith, type PasswordHasher } from "../../../server/modules/auth/password.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import type { Db } from "../../../server/platform/db/open.ts";
import { type User } from "../../../server/modules/auth/schema.ts";
import { outbox } from "../../../server/platform/db/schema.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * A settable clock for the app. Each test starts a few hours after the previous one, so no
 * rate-limit window (15 minutes, 1 hour) carries over between tests sharing a database.
 */
export function testClock(start = "2026-01-01T10:00:00Z") {
  let now = new Date(start);
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
      return now;
    },
    nextTest() {
      now = new Date(now.getTime() + 3 * HOUR);
      return now;
    },
  };
}

let counter = 0;
/** A fresh address per call; no 6-digit runs, so a code is the only one in a message. */
export const uniqueEmail = (prefix = "trader") => `${prefix}.${++counter}.${process.pid % 1000}@example.com`;

/**
 * The server tests' scrypt cost: N = 2^10 (1 MiB, a few ms) instead of the policy's 2^17 (128 MiB,
 * about 0.4 s of a core here). Hundreds of sign-ups and logins run through the same code; the
 * tests of the policy's cost itself ask for it (`hasher: "policy"`, or scryptHasher directly).
 */
export const TEST_SCRYPT = { logN: 10, r: 8, p: 1 } as const;
export const testHasher = scryptHasherWith(TEST_SCRYPT);

// One scrypt per distinct password per test file: seeding many accounts stays cheap.
const hashes = new Map<string, Promise<string>>();
export const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, testHasher.hash(password));
  return hashes.get(password)!;
};

export const PASSWORD = "Sarraf test password 1";

/** What a sign-up sends with its consent box ticked. */
export const CONSENT = { acceptedTerms: TERMS_VERSION } as const;

export async function seedUser(
  db: Db,
  { email = uniqueEmail(), password = PASSWORD as string | null, verified = true, fullName = "Test Trader", now = new Date() } = {},
): Promise<User> {
  return createUser(db, {
    email,
    fullName,
    passwordHash: password === null ? null : await hashOf(password),
    emailVerifiedAt: verified ? now : null,
  });
}

export async function seedSession(db: Db, user: User, now: Date): Promise<string> {
  return (await createSession(db, user.id, { now })).token;
}

export async function mailsTo(db: Db, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.seq));
}

/** The 6-digit code of a message; the reset link repeats it, so every match must agree. */
export function codeIn(text: string): string {
  const found = new Set(text.match(/\b\d{6}\b/g) ?? []);
  if (found.size !== 1) throw new Error(`expected one 6-digit code, found ${[...found].join(", ") || "none"} in:\n${text}`);
  return [...found][0]!;
}

export async function latestCode(db: Db, to: string): Promise<string> {
  const [latest] = await mailsTo(db, to);
  if (!latest) throw new Error(`no mail to ${to}`);
  return codeIn(latest.text);
}

/** A code that is certainly not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** A real scrypt hasher (the tests' cost by default), counting its calls: proves work is done without timing it. */
export function countingHasher(base: PasswordHasher = testHasher) {
  const calls = { hash: 0, verify: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => (calls.hash++, base.hash(password)),
    verify: (password, stored) => (calls.verify++, base.verify(password, stored)),
    needsRehash: base.needsRehash,
    cost: base.cost,
  };
  return { hasher, calls };
}

export async function bodyOf(res: Response): Promise<{ status: string; message: string; data?: Record<string, unknown> | null }> {
  return res.json() as Promise<{ status: string; message: string; data?: Record<string, unknown> | null }>;
}
