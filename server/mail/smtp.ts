import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";
import { errorFields } from "../logger.ts";
import type { Mailer, MailService } from "./mailer.ts";

/** Delivers through an SMTP server; send() resolves once the server accepted the message. */
export function smtpMailer(url: string, from: string) {
  const transport = nodemailer.createTransport(url);
  const mailer: Mailer = {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
  return { mailer, close: () => transport.close() };
}

/**
 * Hands messages to SMTP without making the request wait: a known e-mail must not answer
 * slower than an unknown one (no sending at all), and an SMTP failure must not change the answer.
 */
export function smtpService(url: string, from: string, logger: Logger): MailService {
  const smtp = smtpMailer(url, from);
  const pending = new Set<Promise<void>>();
  return {
    kind: "smtp",
    mailer: {
      send(message) {
        const sending = smtp.mailer
          .send(message)
          .then(() => logger.info("mail.sent", { kind: message.kind }))
          .catch((error: unknown) => logger.error("mail.failed", { kind: message.kind, ...errorFields(error) }))
          .finally(() => pending.delete(sending));
        pending.add(sending);
        return Promise.resolve();
      },
    },
    async close() {
      await Promise.all(pending);
      smtp.close();
    },
  };
}
