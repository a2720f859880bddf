// Telling the buyer that a card payment was returned and its credit reversed: an e-mail in their
// language, handed over after the settling transaction commits. The log names the order, never
// the address or the text.
import { fromMinor } from "../../../contract/decimal.ts";
import { sendQuietly, type MailService } from "../../platform/mail/index.ts";
import { translate } from "../../platform/i18n/index.ts";
import { errorFields, type Logger } from "../../platform/logging/logger.ts";
import type { ReversalNotice } from "./settle.ts";

export interface NoticeDeps {
  mail: MailService;
  logger: Logger;
  /** Where and in which language to write to a user (auth's userContact). */
  contactOf: (userId: string) => Promise<{ email: string; locale: "en" | "ar" } | null>;
}

export function mailReversalNotices({ mail, logger, contactOf }: NoticeDeps) {
  return async function notify(notice: ReversalNotice): Promise<void> {
    try {
      const contact = await contactOf(notice.userId);
      if (!contact) return;
      const amount = (units: bigint) => fromMinor(units, notice.decimals);
      const values = {
        asset: notice.asset,
        order: notice.orderId,
        how: notice.status,
        taken: amount(notice.reversal.takenBack),
        debt: notice.reversal.debt > 0n ? amount(notice.reversal.debt) : "none",
      };
      await sendQuietly(mail, logger, {
        to: contact.email,
        subject: translate(contact.locale, "mail.onrampReversed.subject", values),
        text: translate(contact.locale, "mail.onrampReversed.text", values),
        kind: "onrampReversed",
        locale: contact.locale,
      });
      logger.info("onramp.reversalNotified", { orderId: notice.orderId, status: notice.status });
    } catch (error) {
      logger.error("onramp.reversalNoticeFailed", { orderId: notice.orderId, ...errorFields(error) });
    }
  };
}
