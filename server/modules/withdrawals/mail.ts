// The e-mails of withdrawals: a new address's confirmation link, a withdrawal's code. Each carries a
// link that freezes the account's withdrawals at once (its token stored as a hash, valid 7 days).
// Logs name the kind of message and the record, never the address, a token or a code.
import { ADDRESS_LINK_MINUTES, WITHDRAW_CODE_MINUTES } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { translate } from "../../platform/i18n/index.ts";
import { sendQuietly } from "../../platform/mail/index.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import { withdrawFreezeLinks } from "./schema.ts";
import { newToken, sha256 } from "./tokens.ts";

const FREEZE_LINK_DAYS = 7;
export const ADDRESS_LINK_PATH = "/withdraw-links/address";
export const FREEZE_LINK_PATH = "/withdraw-links/freeze";

async function freezeLink(db: Db, userId: string, origin: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(withdrawFreezeLinks).values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + FREEZE_LINK_DAYS * 86_400_000) });
  return `${origin}${FREEZE_LINK_PATH}?token=${token}`;
}

export function withdrawMails(s: Pick<WithdrawalsDeps, "db" | "mail" | "logger" | "contactOf" | "now" | "env">) {
  async function send(userId: string, kind: "withdrawAddress" | "withdrawCode", values: (freeze: string) => Record<string, unknown>, origin: string) {
    const contact = await s.contactOf(userId);
    if (!contact) return;
    const freeze = await freezeLink(s.db, userId, origin, s.now());
    const all = values(freeze);
    await sendQuietly(s.mail, s.logger, {
      to: contact.email,
      kind,
      locale: contact.locale,
      subject: translate(contact.locale, `mail.${kind}.subject`, all),
      text: translate(contact.locale, `mail.${kind}.text`, all),
    });
  }

  return {
    /** The link that confirms a new address (its token made by the caller, stored as a hash). */
    address: (userId: string, origin: string, a: { label: string; address: string; network: string; token: string }) =>
      send(
        userId,
        "withdrawAddress",
        (freeze) => ({
          label: a.label,
          address: a.address,
          network: a.network,
          link: `${origin}${ADDRESS_LINK_PATH}?token=${a.token}`,
          minutes: ADDRESS_LINK_MINUTES,
          hours: s.env.WITHDRAW_COOLING_OFF_HOURS,
          freeze,
        }),
        origin,
      ),
    /** A withdrawal's step-up code. */
    code: (userId: string, origin: string, w: { label: string; address: string; amount: string; asset: string; code: string }) =>
      send(userId, "withdrawCode", (freeze) => ({ ...w, minutes: WITHDRAW_CODE_MINUTES, freeze }), origin),
  };
}
