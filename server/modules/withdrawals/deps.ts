// What the withdrawals module needs, stated once: the platform, the money core (ledger, catalog,
// prices), the mail port, and the identity gate that the KYC module answers.
import type { Env } from "../../env.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import type { MailService } from "../../platform/mail/index.ts";
import type { Ledger } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";

/** The KYC module's answer: whether a user's identity verification is approved (the gate of every withdrawal). */
export interface KycGate {
  kycApproved(userId: string): Promise<boolean>;
}

export type WithdrawSettings = Pick<
  Env,
  | "WITHDRAW_COOLING_OFF_HOURS"
  | "WITHDRAW_PASSWORD_LOCK_HOURS"
  | "WITHDRAW_MAX_USD"
  | "WITHDRAW_DAILY_USD"
  | "WITHDRAW_SIM_BROADCAST_SECONDS"
  | "WITHDRAW_SIM_CONFIRMING_SECONDS"
  | "WITHDRAW_SIM_COMPLETE_SECONDS"
>;

export interface WithdrawalsDeps {
  db: Db;
  env: WithdrawSettings;
  logger: Logger;
  now: () => Date;
  ledger: Ledger;
  catalog: Pick<Catalog, "assetOf" | "priceIn">;
  mail: MailService;
  kyc: KycGate;
  /** Where and in which language to write to a user (auth's userContact). */
  contactOf: (userId: string) => Promise<{ email: string; locale: "en" | "ar" } | null>;
  /** When the user's password was last set, changed or reset (auth's passwordChangedAt). */
  passwordChangedAt: (userId: string) => Promise<Date | null>;
}

export const HOUR_MS = 3_600_000;
