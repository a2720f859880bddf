import type { Db } from "../db/open.ts";
import type { Env } from "../../env.ts";
import { devToolsEnabled } from "../http/hosts.ts";
import { errorFields, type Logger } from "../logging/logger.ts";
import { handOff } from "./hand-off.ts";
import type { Mailer, MailMessage, MailService } from "./mailer.ts";
import { outboxMailer } from "./outbox.ts";
import { smtpMailer, smtpService } from "./smtp.ts";

export type { MailKind, MailMessage, Mailer, MailService } from "./mailer.ts";

/**
 * SMTP when SMTP_URL is set, else the embedded outbox. Logs name the recipient and the kind of
 * message, never its text: codes and links carrying codes stay out of every log, at every level.
 */
export function createMailService(env: Env, db: Db, logger: Logger, now: () => Date): MailService {
  if (env.SMTP_URL) return smtpService(env.SMTP_URL, env.MAIL_FROM, logger);
  const mailbox = devToolsEnabled(env) ? "/dev/mailbox" : undefined;
  return handOff("outbox", outboxMailer(db, now), logger, {
    delivered: ({ kind, to }) => logger.info("mail.outbox", { kind, to, ...(mailbox ? { readAt: mailbox } : {}) }),
  });
}

/**
 * The same choice of transport without the hand-off: send() resolves once the message is delivered
 * (the SMTP server accepted it, or it is in the outbox) and rejects when it is not. For a sender
 * that must know each message's fate (the newsletter's issues), never for an answer to a request.
 */
export function createMailTransport(env: Env, db: Db, now: () => Date): { kind: MailService["kind"]; mailer: Mailer; close(): Promise<void> } {
  if (env.SMTP_URL) {
    const smtp = smtpMailer(env.SMTP_URL, env.MAIL_FROM);
    return { kind: "smtp", mailer: smtp.mailer, close: async () => smtp.close() };
  }
  return { kind: "outbox", mailer: outboxMailer(db, now), close: async () => {} };
}

/**
 * Hands a message over and never throws: whether a message could be sent must not change the
 * answer, which would tell a caller whether the address has an account. Failures are logged.
 */
export async function sendQuietly(mail: MailService, logger: Logger, message: MailMessage): Promise<void> {
  try {
    await mail.mailer.send(message);
  } catch (error) {
    logger.error("mail.failed", { kind: message.kind, ...errorFields(error) });
  }
}
