/**
 * `npm run ops:restore-drill` — a backup restored and checked, as docs/deploy.md asks of every
 * deployment. On a throwaway PostgreSQL (its own server from initdb on 127.0.0.1, or with
 * DATABASE_URL two throwaway databases on that server), it migrates a database, writes ledger data
 * through the real server (scripts/restore-drill/workload.ts), dumps it with `pg_dump -Fc`,
 * restores that into a fresh database with `pg_restore`, opens the copy as the server would (no
 * migration left to apply), and compares: every table's rows, every ledger account, what users
 * hold per asset, and checkLedger() on both. Prints the figures; exits 1 on any difference. Removes
 * everything it made, also when it fails.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/platform/db/open.ts";
import { clientTool, throwawayPostgres } from "./restore-drill/cluster.ts";
import { differences, figuresOf, type Figures } from "./restore-drill/figures.ts";
import { writeLedgerData } from "./restore-drill/workload.ts";
import { temporaryPostgresDatabase } from "./temporary-postgres.ts";

const cleanups: (() => Promise<void> | void)[] = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error("cleanup:", error));
};
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function figuresAt(url: string): Promise<Figures> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await figuresOf(database.db);
  } finally {
    await database.close();
  }
}

try {
  const started = performance.now();
  const server = process.env.DATABASE_URL ?? (await throwawayPostgres(cleanups));
  const host = new URL(server).hostname;
  if (host !== "127.0.0.1") throw new Error(`the drill runs on 127.0.0.1 only; DATABASE_URL names ${host}`);
  const original = await temporaryPostgresDatabase(server, cleanups);
  const restored = await temporaryPostgresDatabase(server, cleanups);
  console.log(`Restore drill on ${process.env.DATABASE_URL ? "the DATABASE_URL server" : "a throwaway PostgreSQL server"} (${server.replace(/\/[^/]*$/, "")})`);

  let at = performance.now();
  const written = await writeLedgerData(original);
  console.log(`  wrote: ${written.users} users funded, holds, ${written.trades} trades, ${written.cardBuys} card buy settled (${seconds(at)} s)`);

  const folder = mkdtempSync(join(tmpdir(), "sarraf-restore-drill-dump-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const dump = join(folder, "sarraf.dump");
  at = performance.now();
  execFileSync(clientTool("pg_dump"), ["-Fc", "--no-owner", "-f", dump, "-d", original], { stdio: ["ignore", "inherit", "inherit"] });
  console.log(`  pg_dump -Fc: ${(statSync(dump).size / 1024).toFixed(0)} KiB (${seconds(at)} s)`);
  at = performance.now();
  execFileSync(clientTool("pg_restore"), ["--no-owner", "--exit-on-error", "-d", restored, dump], { stdio: ["ignore", "inherit", "inherit"] });
  console.log(`  pg_restore into a fresh database (${seconds(at)} s)`);

  const before = await figuresAt(original);
  const after = await figuresAt(restored);
  const rows = (figures: Figures) => Object.values(figures.tables).reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `  original: ${Object.keys(before.tables).length} tables, ${rows(before)} rows, ${before.check.transfers} ledger transfers, ${Object.keys(before.accounts).length} accounts`,
  );
  console.log(
    `  restored: ${Object.keys(after.tables).length} tables, ${rows(after)} rows, ${after.check.transfers} ledger transfers, ${Object.keys(after.accounts).length} accounts`,
  );
  console.log(
    `  users hold: ${Object.entries(after.userHoldings)
      .map(([asset, units]) => `${asset} ${units}`)
      .join(", ")} (minor units)`,
  );
  const found = differences(before, after);
  if (found.length === 0) {
    console.log("  checkLedger() on the restored copy: every asset nets to zero, no account drifted, none negative");
    console.log(`  identical: every table's rows (count and digest), every account's columns, the holdings. Drill passed in ${seconds(started)} s.`);
  } else {
    for (const line of found) console.log(`  DIFFERENCE: ${line}`);
    console.log(`  Drill FAILED: ${found.length} difference(s).`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error("Restore drill failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
