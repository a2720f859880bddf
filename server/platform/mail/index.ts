import type { Db } from "../db/open.ts";
import type { Env } from "../../env.ts";
import { devToolsEnabled } from "../http/hosts.ts";
import { errorFields, type Logger } from "../logging/logger.ts";
import { handOff } from "./hand-off.ts";
import type { MailMessage, MailService } from "./mailer.ts";
import { outboxMailer } from "./outbox.ts";
import { smtpService } from "./smtp.ts";

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
