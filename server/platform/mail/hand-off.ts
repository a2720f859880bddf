import { errorFields, type Logger } from "../logging/logger.ts";
import type { Mailer, MailMessage, MailService } from "./mailer.ts";

/**
 * Delivers each message after the request that asked for it has answered. A known e-mail must
 * not answer slower than an unknown one (for which nothing is sent), and a failing transport
 * must not change the answer: either would tell a caller whether the address has an account.
 */
export function handOff(
  kind: MailService["kind"],
  transport: Mailer,
  logger: Logger,
  { delivered, release = async () => {} }: { delivered?: (message: MailMessage) => void; release?: () => Promise<void> | void } = {},
): MailService {
  const pending = new Set<Promise<void>>();
  const idle = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };
  return {
    kind,
    mailer: {
      send(message) {
        // setImmediate: after the response has been handed to the socket, not merely after this tick.
        const sending = new Promise<void>((ready) => setImmediate(ready))
          .then(() => transport.send(message))
          .then(
            () => delivered?.(message),
            (error: unknown) => logger.error("mail.failed", { kind: message.kind, ...errorFields(error) }),
          )
          .finally(() => pending.delete(sending));
        pending.add(sending);
        return Promise.resolve();
      },
    },
    idle,
    async close() {
      await idle();
      await release();
    },
  };
}
