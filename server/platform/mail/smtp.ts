import nodemailer from "nodemailer";
import type { Logger } from "../logging/logger.ts";
import { handOff } from "./hand-off.ts";
import type { Mailer, MailService } from "./mailer.ts";

/** Delivers through an SMTP server; send() resolves once the server accepted the message. */
export function smtpMailer(url: string, from: string) {
  const transport = nodemailer.createTransport(url);
  const mailer: Mailer = {
    async send({ to, subject, text, html, replyTo, listUnsubscribe }) {
      // Every List-Unsubscribe address we send takes the one-click POST (contact/one-click.ts).
      const list = listUnsubscribe ? { list: { unsubscribe: listUnsubscribe }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {};
      await transport.sendMail({ from, to, subject, text, html, replyTo, ...list });
    },
  };
  return { mailer, close: () => transport.close() };
}

export function smtpService(url: string, from: string, logger: Logger): MailService {
  const smtp = smtpMailer(url, from);
  return handOff("smtp", smtp.mailer, logger, {
    delivered: (message) => logger.info("mail.sent", { kind: message.kind }),
    release: () => smtp.close(),
  });
}
