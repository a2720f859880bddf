// The ledger's invariants, recomputed from every transfer: each asset nets to zero, every account
// equals the sum of its transfers, no user account is negative.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { rowsOf } from "./statement.ts";

export interface LedgerCheck {
  /** Assets whose posted or pending totals over all accounts do not net to zero. */
  unbalancedAssets: string[];
  /** Accounts whose columns differ from the sum of their transfers. */
  driftedAccounts: string[];
  /** User accounts below zero, or holding more than they have. */
  negativeAccounts: string[];
  transfers: number;
}

/** Recomputes every account from the transfers and checks that each asset nets to zero. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const totals = rowsOf<{ asset: string; posted: string; pending_debits: string; pending_credits: string }>(
    await db.execute(sql`
    SELECT asset,
           SUM(credits_posted - debits_posted)::text AS posted,
           SUM(debits_pending)::text AS pending_debits,
           SUM(credits_pending)::text AS pending_credits
      FROM ledger_accounts GROUP BY asset`),
  );
  const drifted = rowsOf<{ id: string }>(
    await db.execute(sql`
    WITH open_holds AS (
      SELECT t.* FROM ledger_transfers t
       WHERE t.phase = 'pending' AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
    ), moves AS (
      SELECT debit_account_id AS id, amount AS dp, 0::numeric AS cp, 0::numeric AS dh, 0::numeric AS ch FROM ledger_transfers WHERE phase IN ('posted', 'post')
      UNION ALL SELECT credit_account_id, 0, amount, 0, 0 FROM ledger_transfers WHERE phase IN ('posted', 'post')
      UNION ALL SELECT debit_account_id, 0, 0, amount, 0 FROM open_holds
      UNION ALL SELECT credit_account_id, 0, 0, 0, amount FROM open_holds
    ), sums AS (
      SELECT id, SUM(dp) AS dp, SUM(cp) AS cp, SUM(dh) AS dh, SUM(ch) AS ch FROM moves GROUP BY id
    )
    SELECT a.id FROM ledger_accounts a LEFT JOIN sums s ON s.id = a.id
     WHERE a.debits_posted <> COALESCE(s.dp, 0) OR a.credits_posted <> COALESCE(s.cp, 0)
        OR a.debits_pending <> COALESCE(s.dh, 0) OR a.credits_pending <> COALESCE(s.ch, 0)`),
  );
  const negative = rowsOf<{ id: string }>(
    await db.execute(sql`
    SELECT id FROM ledger_accounts
     WHERE code = 'user' AND (credits_posted - debits_posted < 0 OR credits_posted - debits_posted - debits_pending < 0)`),
  );
  const count = rowsOf<{ n: string }>(await db.execute(sql`SELECT COUNT(*)::text AS n FROM ledger_transfers`));
  return {
    unbalancedAssets: totals.filter((row) => BigInt(row.posted) !== 0n || row.pending_debits !== row.pending_credits).map((row) => row.asset),
    driftedAccounts: drifted.map((row) => row.id),
    negativeAccounts: negative.map((row) => row.id),
    transfers: Number(count[0]!.n),
  };
}
