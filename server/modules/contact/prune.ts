// Rows no rule reads any more: newsletter mails past the longest look-back (a day) and links a day
// past their expiry. Contact messages are the team's inbox and stay.
import { lt } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { newsletterMails, newsletterTokens } from "./schema.ts";

const DAY_MS = 86_400_000;

export async function pruneNewsletterRows(db: Db, now: Date): Promise<{ mails: number; links: number }> {
  const mails = await db
    .delete(newsletterMails)
    .where(lt(newsletterMails.createdAt, new Date(now.getTime() - 2 * DAY_MS)))
    .returning({ id: newsletterMails.id });
  const links = await db
    .delete(newsletterTokens)
    .where(lt(newsletterTokens.expiresAt, new Date(now.getTime() - DAY_MS)))
    .returning({ hash: newsletterTokens.tokenHash });
  return { mails: mails.length, links: links.length };
}
