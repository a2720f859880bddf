import type { Db } from "../db/open.ts";
import { outbox } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";

/** The embedded stand-in: keeps each message in the outbox table, read by the dev mailbox page and the end-to-end tests. */
export function outboxMailer(db: Db, now: () => Date): Mailer {
  return {
    async send({ to, subject, text, kind, locale, replyTo }) {
      await db.insert(outbox).values({ to, subject, text, kind, locale, replyTo: replyTo ?? null, createdAt: now() });
    },
  };
}
