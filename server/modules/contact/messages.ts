// The contact form's messages: counted against the limits and stored in one transaction, then
// e-mailed to support (Reply-To the sender) and a receipt to the sender in their language.
// Logs carry the message's id and the e-mail's domain, never the text or the whole address.
import { and, count, eq, gt } from "drizzle-orm";
import type { Locale } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { translate } from "../../platform/i18n/index.ts";
import { sendQuietly } from "../../platform/mail/index.ts";
import type { ContactDeps } from "./deps.ts";
import { CONTACT } from "./limits.ts";
import { contactMessages, type ContactMessageRow } from "./schema.ts";
import { addressHash, lockKey, maskedEmail } from "./secrets.ts";

export interface NewMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type SubmitOutcome = { sent: ContactMessageRow } | { limited: number };

/** A message's short reference, quoted in both e-mails so support and sender name the same one. */
export const referenceOf = (id: string) => id.slice(0, 8).toUpperCase();

export function contactMessagesService({ db, env, logger, now, mail }: ContactDeps) {
  /** How long until the oldest of `limit` rows in the window leaves it (0: under the limit). */
  const waitFor = async (tx: Db, where: ReturnType<typeof and>, limit: number, at: Date) => {
    const [row] = await tx.select({ n: count() }).from(contactMessages).where(where);
    if ((row?.n ?? 0) < limit) return 0;
    const oldest = await tx.select({ createdAt: contactMessages.createdAt }).from(contactMessages).where(where).orderBy(contactMessages.createdAt).limit(1);
    return Math.max(1, oldest[0]!.createdAt.getTime() + CONTACT.windowMs - at.getTime());
  };

  async function store(fields: NewMessage, locale: Locale, address: string): Promise<SubmitOutcome> {
    const hashed = addressHash(address);
    return db.transaction(async (tx) => {
      // Address first, then e-mail, always: two requests never wait for each other in a cycle.
      await lockKey(tx, `contact:address:${hashed}`);
      await lockKey(tx, `contact:email:${fields.email}`);
      const at = now();
      const since = gt(contactMessages.createdAt, new Date(at.getTime() - CONTACT.windowMs));
      const wait = Math.max(
        await waitFor(tx, and(eq(contactMessages.addressHash, hashed), since), CONTACT.perAddressPerWindow, at),
        await waitFor(tx, and(eq(contactMessages.email, fields.email), since), CONTACT.perEmailPerWindow, at),
      );
      if (wait > 0) return { limited: wait };
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...fields, locale, addressHash: hashed, createdAt: at })
        .returning();
      return { sent: row! };
    });
  }

  async function mailBoth(row: ContactMessageRow): Promise<void> {
    const reference = referenceOf(row.id);
    const values = { ...row, reference };
    // Support reads in English; Reply-To makes their answer reach the sender.
    await sendQuietly(mail, logger, {
      to: env.SUPPORT_EMAIL,
      replyTo: row.email,
      kind: "contactMessage",
      locale: "en",
      subject: translate("en", "mail.contactMessage.subject", values),
      text: translate("en", "mail.contactMessage.text", values),
    });
    // The receipt repeats nothing the sender typed: a stranger cannot use it to mail words to someone else.
    await sendQuietly(mail, logger, {
      to: row.email,
      kind: "contactReceipt",
      locale: row.locale,
      subject: translate(row.locale, "mail.contactReceipt.subject", { reference }),
      text: translate(row.locale, "mail.contactReceipt.text", { reference }),
    });
  }

  return {
    async submit(fields: NewMessage, locale: Locale, address: string): Promise<SubmitOutcome> {
      const outcome = await store(fields, locale, address);
      if ("sent" in outcome) {
        logger.info("contact.received", { id: outcome.sent.id, email: maskedEmail(fields.email), locale });
        await mailBoth(outcome.sent);
      } else {
        logger.info("contact.rateLimited", { email: maskedEmail(fields.email) });
      }
      return outcome;
    },
  };
}
