import type { Transporter } from "nodemailer";
import type { Logger } from "../logging/logger.ts";
import { handOff } from "./hand-off.ts";
import type { Mailer, MailService } from "./mailer.ts";

/**
 * Delivers through an SMTP server; send() resolves once the server accepted the message.
 * nodemailer (0.6 MB of code) is loaded with the first message, not at every start.
 */
export function smtpMailer(url: string, from: string) {
  let transport: Promise<Transporter> | undefined;
  const connected = () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const mailer: Mailer = {
    async send({ to, subject, text, html, replyTo, listUnsubscribe }) {
      // Every List-Unsubscribe address we send takes the one-click POST (contact/one-click.ts).
      const list = listUnsubscribe ? { list: { unsubscribe: listUnsubscribe }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {};
      await (await connected()).sendMail({ from, to, subject, text, html, replyTo, ...list });
    },
  };
  return { mailer, close: async () => (await transport?.catch(() => undefined))?.close() };
}

export function smtpService(url: string, from: string, logger: Logger): MailService {
  const smtp = smtpMailer(url, from);
  return handOff("smtp", smtp.mailer, logger, {
    delivered: (message) => logger.info("mail.sent", { kind: message.kind }),
    release: () => smtp.close(),
  });
}
