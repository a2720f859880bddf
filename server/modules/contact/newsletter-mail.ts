// The newsletter's e-mails, in the subscriber's language. Every one sent to a subscription that is
// or was active carries a one-click unsubscribe link, in its text and as List-Unsubscribe.
import { paths } from "../../../contract/pages.ts";
import type { Locale } from "../../../contract/index.ts";
import { translate } from "../../platform/i18n/index.ts";
import { sendQuietly } from "../../platform/mail/index.ts";
import type { ContactDeps } from "./deps.ts";
import { HOURS, NEWSLETTER } from "./limits.ts";
import type { SubscriberRow } from "./schema.ts";
import type { IssueEdition } from "./issues.ts";
import type { MailMessage } from "../../platform/mail/index.ts";

export type NewsletterMailKind = "newsletterConfirm" | "newsletterAlready" | "newsletterWelcome";

export const confirmLink = (origin: string, token: string) => `${origin}${paths.newsletterConfirm}?token=${token}`;
export const unsubscribeLink = (origin: string, token: string) => `${origin}${paths.newsletterUnsubscribe}?token=${token}`;

export function newsletterMailer({ mail, logger }: Pick<ContactDeps, "mail" | "logger">) {
  return {
    /** `link`'s token confirms (newsletterConfirm) or unsubscribes (every other kind). */
    async send(row: SubscriberRow, kind: NewsletterMailKind, token: string, origin: string): Promise<void> {
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
      await sendQuietly(mail, logger, {
        to: row.email,
        kind,
        locale,
        subject: translate(locale, `mail.${kind}.subject`),
        text: `${translate(locale, `mail.${kind}.text`)}\n\n—\n${translate(locale, "mail.newsletter.footer", { link })}`,
        listUnsubscribe: link,
      });
    },
  };
}

// Inline in the head (most mail clients keep it): a readable column, tables with rules, a quiet footer.
const MAIL_STYLE =
  "<style>body{font:16px/1.6 system-ui,sans-serif;color:#1a1a1a;margin:0 auto;max-width:36rem;padding:1rem}a{color:#0a6b50}" +
  "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem}hr{border:0;border-top:1px solid #ddd;margin:2rem 0 1rem}" +
  ".footer{font-size:13px;color:#555;overflow-wrap:anywhere}</style>";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One issue's mail to one subscriber: the Markdown as the plain text and the blog's rendering as the
 * HTML, site-relative links made absolute, and the subscriber's own unsubscribe link in both and as
 * List-Unsubscribe. The edition's language (not the subscriber's, when it fell back) sets the footer's.
 */
export function issueMessage(email: string, edition: IssueEdition, token: string, origin: string): MailMessage {
  const { locale, subject } = edition;
  const link = unsubscribeLink(origin, token);
  const footer = translate(locale, "mail.newsletter.footer", { link });
  const text = edition.markdown.replace(/\]\(\/(?!\/)/g, `](${origin}/`);
  const html = edition.html.replace(/(href|src)="\/(?!\/)/g, `$1="${escapeHtml(origin)}/`);
  const footerHtml = escapeHtml(footer)
    .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, "<br>");
  const dir = locale === "ar" ? "rtl" : "ltr";
  return {
    to: email,
    kind: "newsletterIssue",
    locale,
    subject,
    text: `${text}\n\n—\n${footer}`,
    html: `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title>${MAIL_STYLE}</head><body>${html}<hr><p class="footer">${footerHtml}</p></body></html>`,
    listUnsubscribe: link,
  };
}
