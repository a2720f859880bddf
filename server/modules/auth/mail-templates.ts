import { CODES } from "./limits.ts";
import { translate, type Locale, type MessageId } from "../../platform/i18n/index.ts";
import type { MailKind, MailMessage } from "../../platform/mail/mailer.ts";

type AuthMailKind = Extract<MailKind, "signup" | "signupExisting" | "signin" | "reset">;

const TEMPLATES: Record<AuthMailKind, { subject: MessageId; text: MessageId }> = {
  signup: { subject: "mail.signup.subject", text: "mail.signup.text" },
  signupExisting: { subject: "mail.signupExisting.subject", text: "mail.signupExisting.text" },
  signin: { subject: "mail.signin.subject", text: "mail.signin.text" },
  reset: { subject: "mail.reset.subject", text: "mail.reset.text" },
};

/**
 * A message from the catalogs. Nothing the requester typed goes into it but the address it is
 * sent to, so nobody can use sign-up to mail their own words to a stranger.
 */
export function composeMail(kind: AuthMailKind, { to, locale, code, link }: { to: string; locale: Locale; code?: string; link?: string }): MailMessage {
  const values = { code, link, minutes: CODES.ttlMs / 60_000 };
  return { to, kind, locale, subject: translate(locale, TEMPLATES[kind].subject), text: translate(locale, TEMPLATES[kind].text, values) };
}
