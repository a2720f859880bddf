// Uploads per user and hour (UPLOADS_PER_HOUR), counted in the database as sign-in codes are
// (server/modules/auth/codes.ts): under a lock on the user's key, the last hour's rows are counted
// and the new one written, so concurrent uploads are admitted exactly up to the limit, on PGlite
// and on PostgreSQL, by one server or several. An upload is counted when it is taken in for
// checking and re-encoding (the costly part), whatever it turns out to be.
import { and, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { fileUploads } from "./schema.ts";

export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/** 0 when the upload is admitted (and counted); else how many ms until the oldest counted one leaves the hour. */
export async function admitUpload(db: Db, userId: string, now: Date, perHour: number): Promise<number> {
  const since = new Date(now.getTime() - UPLOAD_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${userId}`}))`);
    // Rows past the hour count for nothing: each user's own are dropped as they are counted.
    await tx.delete(fileUploads).where(and(eq(fileUploads.userId, userId), lt(fileUploads.at, since)));
    const [counted] = await tx
      .select({ n: count() })
      .from(fileUploads)
      .where(and(eq(fileUploads.userId, userId), gt(fileUploads.at, since)));
    if (Number(counted?.n ?? 0) < perHour) {
      await tx.insert(fileUploads).values({ userId, at: now });
      return 0;
    }
    // The upload `perHour` places back must leave the hour before one more is taken.
    const [nth] = await tx
      .select({ at: fileUploads.at })
      .from(fileUploads)
      .where(and(eq(fileUploads.userId, userId), gt(fileUploads.at, since)))
      .orderBy(desc(fileUploads.at))
      .offset(perHour - 1)
      .limit(1);
    return Math.max(1, (nth?.at.getTime() ?? now.getTime()) + UPLOAD_WINDOW_MS - now.getTime());
  });
}
