// The e-mails of withdrawals: a new address's confirmation link and a withdrawal's code (each with a
// link that freezes the account's withdrawals at once, its token stored as a hash, valid 7 days), a
// withdrawal's outcome on the network, and a freeze lifted by support; each in the user's language.
// Logs name the kind of message and the record, never the address, a token or a code.
import { ADDRESS_LINK_MINUTES, WITHDRAW_CODE_MINUTES } from "../../../contract/index.ts";
import { fromMinor } from "../../../contract/decimal.ts";
import type { Db } from "../../platform/db/open.ts";
import { translate } from "../../platform/i18n/index.ts";
import { sendQuietly } from "../../platform/mail/index.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import { withdrawFreezeLinks, type WithdrawalRow } from "./schema.ts";
import { newToken, sha256 } from "./tokens.ts";

const FREEZE_LINK_DAYS = 7;
export const ADDRESS_LINK_PATH = "/withdraw-links/address";
export const FREEZE_LINK_PATH = "/withdraw-links/freeze";

type WithdrawMailKind = "withdrawAddress" | "withdrawCode" | "withdrawCompleted" | "withdrawFailed" | "withdrawUnfrozen";

async function freezeLink(db: Db, userId: string, origin: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(withdrawFreezeLinks).values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + FREEZE_LINK_DAYS * 86_400_000) });
  return `${origin}${FREEZE_LINK_PATH}?token=${token}`;
}

export function withdrawMails(s: Pick<WithdrawalsDeps, "db" | "mail" | "logger" | "contactOf" | "now" | "env">) {
  async function deliver(userId: string, kind: WithdrawMailKind, values: Record<string, unknown>) {
    const contact = await s.contactOf(userId);
    if (!contact) return;
    await sendQuietly(s.mail, s.logger, {
      to: contact.email,
      kind,
      locale: contact.locale,
      subject: translate(contact.locale, `mail.${kind}.subject`, values),
      text: translate(contact.locale, `mail.${kind}.text`, values),
    });
  }
  const withFreeze = async (userId: string, origin: string, values: Record<string, unknown>) => ({
    ...values,
    freeze: await freezeLink(s.db, userId, origin, s.now()),
  });

  return {
    /** The link that confirms a new address (its token made by the caller, stored as a hash). */
    address: async (userId: string, origin: string, a: { label: string; address: string; network: string; token: string }) =>
      deliver(
        userId,
        "withdrawAddress",
        await withFreeze(userId, origin, {
          label: a.label,
          address: a.address,
          network: a.network,
          link: `${origin}${ADDRESS_LINK_PATH}?token=${a.token}`,
          minutes: ADDRESS_LINK_MINUTES,
          hours: s.env.WITHDRAW_COOLING_OFF_HOURS,
        }),
      ),
    /** A withdrawal's step-up code. */
    code: async (userId: string, origin: string, w: { label: string; address: string; amount: string; asset: string; code: string }) =>
      deliver(userId, "withdrawCode", await withFreeze(userId, origin, { ...w, minutes: WITHDRAW_CODE_MINUTES })),
    /** A withdrawal completed (what arrived, the fee) or failed (the whole amount back in the balance), with its network id. */
    outcome: (row: WithdrawalRow) => {
      const money = (units: bigint) => fromMinor(units, row.decimals);
      return deliver(row.userId, row.status === "completed" ? "withdrawCompleted" : "withdrawFailed", {
        amount: money(row.amountUnits),
        fee: money(row.feeUnits),
        receive: money(row.amountUnits - row.feeUnits),
        asset: row.asset,
        label: row.label,
        address: row.memo === null ? row.address : `${row.address} · tag ${row.memo}`,
        network: row.network,
        txid: row.txid ?? "-",
      });
    },
    /** Support lifted the freeze: withdrawals work again. */
    unfrozen: (userId: string) => deliver(userId, "withdrawUnfrozen", {}),
  };
}

export type WithdrawMails = ReturnType<typeof withdrawMails>;
