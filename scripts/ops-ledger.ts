// npm run ops:ledger — the ledger's invariants, recomputed from every transfer (checkLedger): each
// asset nets to zero over all accounts, every account's columns equal the sum of its transfers, no
// user account is below zero. Prints the figures; exits 1 when any invariant fails (for a monitor or
// a cron job). Reads the server's database (DATABASE_URL, else the PGlite folder DATA_DIR, which only
// one process may hold: stop the server first). On PostgreSQL it runs beside the live servers.
import { checkLedger } from "../server/modules/ledger/index.ts";
import { openDatabase } from "../server/platform/db/open.ts";

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? ".data" });
try {
  const started = performance.now();
  const check = await checkLedger(database.db);
  const failures = [
    ...check.unbalancedAssets.map((asset) => `asset ${asset} does not net to zero`),
    ...check.driftedAccounts.map((id) => `account ${id} differs from the sum of its transfers`),
    ...check.negativeAccounts.map((id) => `user account ${id} is below zero`),
  ];
  console.log(`Ledger check (${database.kind}): ${check.transfers} transfers in ${Math.round(performance.now() - started)} ms`);
  if (failures.length === 0) console.log("  ok: every asset nets to zero, no account drifted, none negative");
  for (const failure of failures) console.log(`  FAILED: ${failure}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
