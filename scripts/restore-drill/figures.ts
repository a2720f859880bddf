// What the restore drill compares between the original database and its restored copy: every
// table's row count and a digest of its rows, every ledger account's four columns, and the
// ledger's invariants (checkLedger) on each.
import { sql } from "drizzle-orm";
import { checkLedger, type LedgerCheck } from "../../server/modules/ledger/index.ts";
import type { Db } from "../../server/platform/db/open.ts";

export interface Figures {
  /** schema.table → its row count and an md5 of its rows' text, sorted (equal rows, equal digest). */
  tables: Record<string, { rows: number; digest: string }>;
  /** Ledger account id → "debitsPosted/creditsPosted/debitsPending/creditsPending" in minor units. */
  accounts: Record<string, string>;
  /** Per asset, what users hold (posted credits − debits of the user accounts), in minor units. */
  userHoldings: Record<string, string>;
  check: LedgerCheck;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function figuresOf(db: Db): Promise<Figures> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1`),
  );
  const tables: Figures["tables"] = {};
  for (const { name } of names) {
    const [row] = rowsOf<{ rows: number; digest: string }>(
      await db.execute(sql.raw(`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${name} t`)),
    );
    tables[name] = row!;
  }
  const accounts = Object.fromEntries(
    rowsOf<{ id: string; columns: string }>(
      await db.execute(sql`
      SELECT id::text, concat_ws('/', debits_posted, credits_posted, debits_pending, credits_pending) AS columns FROM ledger_accounts ORDER BY id`),
    ).map((row) => [row.id, row.columns]),
  );
  const userHoldings = Object.fromEntries(
    rowsOf<{ asset: string; held: string }>(
      await db.execute(sql`
      SELECT asset, SUM(credits_posted - debits_posted)::text AS held FROM ledger_accounts WHERE code = 'user' GROUP BY asset ORDER BY asset`),
    ).map((row) => [row.asset, row.held]),
  );
  return { tables, accounts, userHoldings, check: await checkLedger(db) };
}

/** What a ledger check found wrong, one line each (none: the invariants hold). */
export function ledgerProblems(check: LedgerCheck): string[] {
  return [
    ...check.unbalancedAssets.map((asset) => `asset ${asset} does not net to zero`),
    ...check.driftedAccounts.map((id) => `account ${id} differs from the sum of its transfers`),
    ...check.negativeAccounts.map((id) => `user account ${id} is below zero`),
  ];
}

/** Every difference between the original's figures and the restored copy's, one line each (none: identical). */
export function differences(original: Figures, restored: Figures): string[] {
  const found: string[] = [];
  const keyed = (what: string, a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const [left, right] = [JSON.stringify(a[key]), JSON.stringify(b[key])];
      if (left !== right) found.push(`${what} ${key}: original ${left ?? "missing"}, restored ${right ?? "missing"}`);
    }
  };
  keyed("table", original.tables, restored.tables);
  keyed("account", original.accounts, restored.accounts);
  keyed("user holdings of", original.userHoldings, restored.userHoldings);
  if (original.check.transfers !== restored.check.transfers)
    found.push(`transfers: original ${original.check.transfers}, restored ${restored.check.transfers}`);
  found.push(...ledgerProblems(original.check).map((line) => `original: ${line}`));
  found.push(...ledgerProblems(restored.check).map((line) => `restored: ${line}`));
  return found;
}
