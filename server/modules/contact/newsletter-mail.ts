// The newsletter's e-mails, in the subscriber's language. Every one sent to a subscription that is
// or was active carries a one-click unsubscribe link, in its text and as List-Unsubscribe.
import { paths } from "../../../contract/pages.ts";
import type { Locale } from "../../../contract/index.ts";
import { translate } from "../../platform/i18n/index.ts";
import { sendQuietly } from "../../platform/mail/index.ts";
import type { ContactDeps } from "./deps.ts";
import { HOURS, NEWSLETTER } from "./limits.ts";
import type { SubscriberRow } from "./schema.ts";

export type NewsletterMailKind = "newsletterConfirm" | "newsletterAlready" | "newsletterWelcome" | "newsletterIssue";

export const confirmLink = (origin: string, token: string) => `${origin}${paths.newsletterConfirm}?token=${token}`;
export const unsubscribeLink = (origin: string, token: string) => `${origin}${paths.newsletterUnsubscribe}?token=${token}`;

export function newsletterMailer({ mail, logger }: Pick<ContactDeps, "mail" | "logger">) {
  return {
    /** `link`'s token confirms (newsletterConfirm) or unsubscribes (every other kind). */
    async send(row: SubscriberRow, kind: NewsletterMailKind, token: string, origin: string, issue?: { subject: string; text: string }): Promise<void> {
      const locale: Locale = row.locale;
      if (kind === "newsletterConfirm") {
        const values = { link: confirmLink(origin, token), hours: HOURS(NEWSLETTER.confirmTtlMs) };
        await sendQuietly(mail, logger, {
          to: row.email,
          kind,
          locale,
          subject: translate(locale, "mail.newsletterConfirm.subject", values),
          text: translate(locale, "mail.newsletterConfirm.text", values),
        });
        return;
      }
      const link = unsubscribeLink(origin, token);
      const body = kind === "newsletterIssue" ? issue! : { subject: translate(locale, `mail.${kind}.subject`), text: translate(locale, `mail.${kind}.text`) };
      await sendQuietly(mail, logger, {
        to: row.email,
        kind,
        locale,
        subject: body.subject,
        text: `${body.text}\n\n—\n${translate(locale, "mail.newsletter.footer", { link })}`,
        listUnsubscribe: link,
      });
    },
  };
}
