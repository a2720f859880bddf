import type { Db } from "../db/open.ts";
import type { Env } from "../env.ts";
import { errorFields, type Logger } from "../logger.ts";
import type { MailMessage, MailService } from "./mailer.ts";
import { outboxMailer } from "./outbox.ts";
import { smtpService } from "./smtp.ts";

export type { MailKind, MailMessage, Mailer, MailService } from "./mailer.ts";

/** SMTP when SMTP_URL is set, else the embedded outbox. */
export function createMailService(env: Env, db: Db, logger: Logger, now: () => Date): MailService {
  if (env.SMTP_URL) return smtpService(env.SMTP_URL, env.MAIL_FROM, logger);
  return { kind: "outbox", mailer: outboxMailer(db, logger, now), close: async () => {} };
}

/**
 * Sends and never throws: whether a message could be sent must not change the answer, which
 * would tell a caller whether the address has an account. Failures are logged instead.
 */
export async function sendQuietly(mail: MailService, logger: Logger, message: MailMessage): Promise<void> {
  try {
    await mail.mailer.send(message);
  } catch (error) {
    logger.error("mail.failed", { kind: message.kind, ...errorFields(error) });
  }
}
