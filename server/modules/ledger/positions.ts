// What a caller needs to decide how much to move before it moves it, inside its own transaction
// (a reversal takes back what is still there and books the rest as a debt), and what a user owes.
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import type { Tx } from "./changes.ts";
import { LedgerError } from "./errors.ts";
import { ledgerAccounts, type AccountCode } from "./schema.ts";

export interface Position {
  /** Posted credits − posted debits (below zero only on an account that may go negative). */
  balance: bigint;
  /** balance − pending debits. */
  available: bigint;
}

/** What a position is figured from (fewer columns read and parsed per call than the whole row). */
const POSITION_COLUMNS = {
  id: ledgerAccounts.id,
  debitsPending: ledgerAccounts.debitsPending,
  debitsPosted: ledgerAccounts.debitsPosted,
  creditsPosted: ledgerAccounts.creditsPosted,
};

/**
 * Locks the accounts for the rest of the caller's transaction, in id order as every transfer does
 * (so it deadlocks with none), and answers each one's position: what is read cannot change before
 * the caller's transfers in the same transaction.
 */
export async function lockPositions(tx: Tx, ids: string[]): Promise<Map<string, Position>> {
  const unique = [...new Set(ids)].sort();
  const rows = await tx.select(POSITION_COLUMNS).from(ledgerAccounts).where(inArray(ledgerAccounts.id, unique)).orderBy(asc(ledgerAccounts.id)).for("update");
  if (rows.length !== unique.length) throw new LedgerError("unknownAccount");
  return new Map(
    rows.map((row) => [row.id, { balance: row.creditsPosted - row.debitsPosted, available: row.creditsPosted - row.debitsPosted - row.debitsPending }]),
  );
}

/** What a user owes the house, per asset: their receivable accounts below zero, as positive amounts. */
export async function debtsOf(db: Db, userId: string): Promise<{ asset: string; owed: bigint }[]> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, debits: ledgerAccounts.debitsPosted, credits: ledgerAccounts.creditsPosted })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.code, "receivable"), lt(ledgerAccounts.creditsPosted, sql`${ledgerAccounts.debitsPosted}`)))
    .orderBy(asc(ledgerAccounts.asset));
  return rows.map((row) => ({ asset: row.asset, owed: row.debits - row.credits }));
}

/** Which account: its kind, asset and owner (null for the house's). */
export interface AccountWanted {
  asset: string;
  code: AccountCode;
  userId: string | null;
}

export const whereAccount = (values: AccountWanted) =>
  and(
    eq(ledgerAccounts.asset, values.asset),
    eq(ledgerAccounts.code, values.code),
    values.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, values.userId),
  );

/**
 * Accounts' positions where the accounts exist, made of nothing, in one query: for a check that must
 * change no row when it refuses (an account that does not exist holds nothing). One entry per
 * account asked, in order, null where there is none.
 */
export async function existingPositions(db: Db, list: readonly AccountWanted[]): Promise<((Position & { id: string }) | null)[]> {
  const rows = await db
    .select({ ...POSITION_COLUMNS, asset: ledgerAccounts.asset, code: ledgerAccounts.code, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(or(...list.map(whereAccount)));
  return list.map((wanted) => {
    const row = rows.find((each) => each.asset === wanted.asset && each.code === wanted.code && each.userId === wanted.userId);
    if (!row) return null;
    const balance = row.creditsPosted - row.debitsPosted;
    return { id: row.id, balance, available: balance - row.debitsPending };
  });
}
