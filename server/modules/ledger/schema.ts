// The ledger's tables, after TigerBeetle's data model: accounts that carry their debits and
// credits (posted and pending), and transfers that move one amount of one asset from a debit
// account to a credit account. Amounts are integers in the asset's minor units (NUMERIC(40,0)).
//
// What the database itself refuses (constraints, not only code):
// - a user account whose debits (posted + pending) exceed its posted credits: no negative balance,
//   no hold beyond what is there;
// - a transfer between accounts of different assets (composite foreign keys on (account, asset)),
//   to and from the same account, or of an amount that is not positive;
// - a second post, void or expiry of the same pending transfer;
// - two transfers with one idempotency key.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, foreignKey, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";

const amount = (name: string) => numeric(name, { precision: 40, scale: 0, mode: "bigint" });

/**
 * The kinds of account, one place: a user's holding of an asset (a coin, or cash in a quote
 * currency), or one of the house's accounts for an asset. A new kind is a line here and a row of
 * ledger_account_kinds in a migration (a test checks the two agree) — no CHECK list to edit.
 */
export const ACCOUNT_KINDS = {
  user: "A user's holding of one asset: a coin, or cash in a quote currency. Never negative.",
  onramp: "Where card buys come from: the on-ramp's settlement with the provider.",
  fees: "Sarraf's fees, per asset.",
  treasury: "The house's own funds, per asset.",
  inventory: "What the house holds to fill trades against, per asset (funded by an operator).",
  withdrawals: "Money on its way out: held here from the user's account until the network confirms.",
  receivable: "What a user owes the house in one asset (a card payment reversed after its crypto was spent): may go below zero; its debit balance is the debt.",
} as const;
export type AccountCode = keyof typeof ACCOUNT_KINDS;
export const ACCOUNT_CODES = Object.keys(ACCOUNT_KINDS) as AccountCode[];

/** The kinds of account that belong to one user (one of each per user and asset). */
export const USER_ACCOUNT_CODES = ["user", "receivable"] as const satisfies readonly AccountCode[];

/** The kinds as data: an account's code must be one of these rows. */
export const ledgerAccountKinds = pgTable("ledger_account_kinds", {
  code: text("code").primaryKey(),
  description: text("description").notNull(),
});

/**
 * What the ledger can hold: every listed coin and the quote currencies, with the decimals of its
 * minor units. Its own table (not the market's catalog), so cash has accounts and a market listing
 * is not a ledger concern; a migration that lists a coin adds its row here too.
 */
export const ledgerAssets = pgTable(
  "ledger_assets",
  {
    code: text("code").primaryKey(),
    kind: text("kind").$type<"crypto" | "fiat">().notNull(),
    decimals: integer("decimals").notNull(),
  },
  (t) => [check("ledger_assets_kind", sql`${t.kind} IN ('crypto', 'fiat')`), check("ledger_assets_decimals", sql`${t.decimals} BETWEEN 0 AND 36`)],
);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    asset: text("asset")
      .notNull()
      .references(() => ledgerAssets.code),
    code: text("code")
      .$type<AccountCode>()
      .notNull()
      .references(() => ledgerAccountKinds.code),
    // Money is never deleted with a user: the account outlives a deletion request until settled.
    userId: uuid("user_id").references(() => userKeys.id, { onDelete: "restrict" }),
    debitsMustNotExceedCredits: boolean("debits_must_not_exceed_credits").notNull(),
    debitsPending: amount("debits_pending")
      .notNull()
      .default(sql`0`),
    debitsPosted: amount("debits_posted")
      .notNull()
      .default(sql`0`),
    creditsPending: amount("credits_pending")
      .notNull()
      .default(sql`0`),
    creditsPosted: amount("credits_posted")
      .notNull()
      .default(sql`0`),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_accounts_id_asset_unique").on(t.id, t.asset),
    uniqueIndex("ledger_accounts_user_code_asset_idx")
      .on(t.userId, t.code, t.asset)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex("ledger_accounts_house_asset_idx")
      .on(t.code, t.asset)
      .where(sql`${t.userId} IS NULL`),
    check("ledger_accounts_user_owned", sql`(${t.code} IN ('user', 'receivable')) = (${t.userId} IS NOT NULL)`),
    check("ledger_accounts_user_never_negative", sql`${t.code} <> 'user' OR ${t.debitsMustNotExceedCredits}`),
    check(
      "ledger_accounts_amounts_not_negative",
      sql`${t.debitsPending} >= 0 AND ${t.debitsPosted} >= 0 AND ${t.creditsPending} >= 0 AND ${t.creditsPosted} >= 0`,
    ),
    check("ledger_accounts_debits_within_credits", sql`NOT ${t.debitsMustNotExceedCredits} OR ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** posted: a plain transfer; pending: a hold; post / void / expire: what became of a hold. */
export const TRANSFER_PHASES = ["posted", "pending", "post", "void", "expire"] as const;
export type TransferPhase = (typeof TRANSFER_PHASES)[number];

export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Insertion order, for history pages and for replaying the ledger.
    seq: bigint("seq", { mode: "bigint" }).generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull().unique("ledger_transfers_idempotency_key_unique"),
    /** SHA-256 of the request that made it: the same key with another request is refused. */
    payloadHash: text("payload_hash").notNull(),
    debitAccountId: uuid("debit_account_id").notNull(),
    creditAccountId: uuid("credit_account_id").notNull(),
    asset: text("asset").notNull(),
    amount: amount("amount").notNull(),
    phase: text("phase").$type<TransferPhase>().notNull(),
    /** For post, void and expire: the hold it resolves (once: a unique index). */
    pendingId: uuid("pending_id"),
    /** For a hold: when it expires if neither posted nor voided. */
    timeoutAt: timestamp("timeout_at", { withTimezone: true, mode: "date" }),
    /** What the movement is for (e.g. onramp.buy, onramp.fee), and the order or request it belongs to. */
    code: text("code").notNull(),
    reference: text("reference"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: "ledger_transfers_debit_fk", columns: [t.debitAccountId, t.asset], foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset] }),
    foreignKey({ name: "ledger_transfers_credit_fk", columns: [t.creditAccountId, t.asset], foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset] }),
    foreignKey({ name: "ledger_transfers_pending_fk", columns: [t.pendingId], foreignColumns: [t.id] }),
    uniqueIndex("ledger_transfers_pending_once_idx")
      .on(t.pendingId)
      .where(sql`${t.pendingId} IS NOT NULL`),
    index("ledger_transfers_debit_idx").on(t.debitAccountId, t.seq),
    index("ledger_transfers_credit_idx").on(t.creditAccountId, t.seq),
    index("ledger_transfers_reference_idx").on(t.reference),
    index("ledger_transfers_open_holds_idx")
      .on(t.timeoutAt)
      .where(sql`${t.phase} = 'pending'`),
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_phase", sql`${t.phase} IN ('posted', 'pending', 'post', 'void', 'expire')`),
    check("ledger_transfers_resolves_a_hold", sql`(${t.phase} IN ('post', 'void', 'expire')) = (${t.pendingId} IS NOT NULL)`),
    check("ledger_transfers_hold_times_out", sql`${t.phase} <> 'pending' OR ${t.timeoutAt} IS NOT NULL`),
  ],
);

export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
