// Withdrawals' tables: the address book, the withdrawals, the links that freeze an account's
// withdrawals and the freezes themselves. Tokens of e-mailed links and codes are stored only as
// SHA-256 hashes. Money is held and moved by the ledger (server/modules/ledger), never here.
import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";
import type { WithdrawalStatus, WithdrawNetwork } from "../../../contract/index.ts";

const units = (name: string) => numeric(name, { precision: 40, scale: 0, mode: "bigint" });
const owner = () =>
  uuid("user_id")
    .notNull()
    .references(() => userKeys.id, { onDelete: "restrict" });

export const withdrawAddresses = pgTable(
  "withdraw_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    label: text("label").notNull(),
    asset: text("asset").notNull(),
    network: text("network").$type<WithdrawNetwork>().notNull(),
    address: text("address").notNull(),
    memo: text("memo"),
    /** SHA-256 of the e-mailed link's token; valid until linkExpiresAt, once. */
    linkTokenHash: text("link_token_hash").notNull().unique(),
    linkExpiresAt: at("link_expires_at").notNull(),
    confirmedAt: at("confirmed_at"),
    usableAt: at("usable_at"),
    createdAt: at("created_at").notNull(),
    deletedAt: at("deleted_at"),
  },
  (t) => [
    index("withdraw_addresses_user_idx").on(t.userId, t.createdAt),
    check("withdraw_addresses_confirmed", sql`(${t.confirmedAt} IS NULL) = (${t.usableAt} IS NULL)`),
  ],
);
export type WithdrawAddressRow = typeof withdrawAddresses.$inferSelect;

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    addressId: uuid("address_id")
      .notNull()
      .references(() => withdrawAddresses.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** The address as it was when asked for (a later rename or delete does not change the record). */
    label: text("label").notNull(),
    asset: text("asset").notNull(),
    network: text("network").$type<WithdrawNetwork>().notNull(),
    address: text("address").notNull(),
    memo: text("memo"),
    decimals: integer("decimals").notNull(),
    /** Minor units: what leaves the balance; the network fee taken from it. */
    amountUnits: units("amount_units").notNull(),
    feeUnits: units("fee_units").notNull(),
    /** The amount's value in US cents when asked for (the daily limit sums these). */
    usdCents: units("usd_cents").notNull(),
    status: text("status").$type<WithdrawalStatus>().notNull(),
    txid: text("txid"),
    codeHash: text("code_hash"),
    codeExpiresAt: at("code_expires_at"),
    codeAttempts: integer("code_attempts").notNull().default(0),
    /** The ledger's holds: the amount to the withdrawals account, the fee to the fees account. */
    holdId: uuid("hold_id"),
    feeHoldId: uuid("fee_hold_id"),
    confirmedAt: at("confirmed_at"),
    /** When the network simulator moves it next (null when final). */
    nextStepAt: at("next_step_at"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("withdrawals_user_key_idx").on(t.userId, t.idempotencyKey),
    index("withdrawals_user_created_idx").on(t.userId, t.createdAt),
    index("withdrawals_next_step_idx")
      .on(t.nextStepAt)
      .where(sql`${t.nextStepAt} IS NOT NULL`),
    check("withdrawals_amounts", sql`${t.amountUnits} > ${t.feeUnits} AND ${t.feeUnits} >= 0 AND ${t.usdCents} >= 0`),
    check("withdrawals_status", sql`${t.status} IN ('awaitingCode', 'queued', 'broadcast', 'confirming', 'completed', 'failed', 'cancelled')`),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The links in withdrawal and address e-mails that freeze the account's withdrawals (hashes only). */
export const withdrawFreezeLinks = pgTable("withdraw_freeze_links", {
  tokenHash: text("token_hash").primaryKey(),
  userId: owner(),
  expiresAt: at("expires_at").notNull(),
});

/** An account whose withdrawals were frozen from such a link: support lifts it (npm run ops:withdrawals -- unfreeze, freezes.ts). */
export const withdrawFreezes = pgTable("withdraw_freezes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => userKeys.id, { onDelete: "cascade" }),
  frozenAt: at("frozen_at").notNull(),
});
