// The secrets of contact and newsletter: e-mailed links' tokens (sent once, stored as SHA-256
// hashes, never logged), clients' addresses kept only hashed, and the contact form's start tokens.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { contactFormKeys } from "./schema.ts";
import { CONTACT } from "./limits.ts";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
/** A client's address as the limits count it: hashed, so the tables keep no IP address. */
export const addressHash = (address: string) => sha256(`client:${address}`);
/** An e-mail as logs may show it: the domain and a short hash, never the local part. */
export const maskedEmail = (email: string) => `${sha256(email).slice(0, 8)}@${email.split("@")[1] ?? "?"}`;

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Serializes, until the transaction ends, every transaction that counts the same key (see CONTACT). */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export type FormCheck = { ok: true } | { ok: false; reason: "formExpired" } | { ok: false; reason: "formTooFast"; waitMs: number };

/**
 * Start tokens `<openedAtMs>.<HMAC-SHA256>`: stateless (nothing is stored per opened form), valid
 * on every process that shares the database, since the key lives there, made once by whichever
 * process first needs it.
 */
export function formTokens(db: Db, now: () => Date) {
  let key: Promise<string> | null = null;
  const secret = () =>
    (key ??= (async () => {
      await db
        .insert(contactFormKeys)
        .values({ id: 1, secret: randomBytes(32).toString("base64url"), createdAt: now() })
        .onConflictDoNothing();
      const [row] = await db.select({ secret: contactFormKeys.secret }).from(contactFormKeys);
      return row!.secret;
    })().catch((error: unknown) => {
      key = null;
      throw error;
    }));
  const sign = async (openedAt: number) =>
    createHmac("sha256", await secret())
      .update(`contact-form:${openedAt}`)
      .digest("base64url");

  return {
    async issue(): Promise<string> {
      const openedAt = now().getTime();
      return `${openedAt}.${await sign(openedAt)}`;
    },
    async check(token: string): Promise<FormCheck> {
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: "formExpired" };
      const openedAt = Number(match[1]);
      if (!same(await sign(openedAt), match[2]!)) return { ok: false, reason: "formExpired" };
      const age = now().getTime() - openedAt;
      if (age > CONTACT.tokenMaxAgeMs || age < -CONTACT.minFillMs) return { ok: false, reason: "formExpired" };
      if (age < CONTACT.minFillMs) return { ok: false, reason: "formTooFast", waitMs: CONTACT.minFillMs - age };
      return { ok: true };
    },
  };
}
