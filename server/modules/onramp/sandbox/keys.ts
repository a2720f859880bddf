// The sandbox's webhook signing key, kept in the database: the oldest key is the one every process
// signs with, made once on first use (two processes racing make one, the first to commit).
import { asc } from "drizzle-orm";
import type { Db } from "../../../platform/db/open.ts";
import { sandboxKeys } from "../schema.ts";
import { createWebhookSigner, generateSigningKey, type StoredSigningKey, type WebhookSigner } from "../webhook-signature.ts";

export async function keptSigner(db: Db, now: () => Date): Promise<WebhookSigner> {
  const load = async () => (await db.select().from(sandboxKeys).orderBy(asc(sandboxKeys.createdAt), asc(sandboxKeys.kid)).limit(1))[0];
  let row = await load();
  if (!row) {
    await db
      .insert(sandboxKeys)
      .values(await generateSigningKey())
      .onConflictDoNothing();
    row = await load();
  }
  if (!row) throw new Error("sandbox signing key missing");
  return createWebhookSigner(now, row as StoredSigningKey);
}
