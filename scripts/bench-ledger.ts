/**
 * bench:ledger — transfers per second through the ledger module (server/modules/ledger) as its
 * callers use it: `ledger.transfer(...)` outside any transaction of theirs, so concurrent calls are
 * queued for a moment and written together (group commit, group.ts): one prepared statement and one
 * commit for up to 100 transfers, each call still all or nothing and answered on its own. On PGlite
 * in a data folder (as `npm start` runs it) or, with DATABASE_URL, on a throwaway database of that
 * PostgreSQL server. Three shapes, each for BENCH_SECONDS (default 10):
 *   single   one transfer per call, BENCH_CONCURRENCY (default 10) calls at a time
 *   batch    100 transfers per call (all or nothing: a group of its own), the same concurrency
 *   hot      single transfers that all touch one account (the worst case for its lock)
 * BENCH_SHAPES (e.g. "single,hot") runs only those, for profiling one shape with node --cpu-prof;
 * BENCH_GROUPS_IN_FLIGHT sets how many groups are written at a time (default: 1 on PGlite, 2 on
 * PostgreSQL). Transfers move random amounts between 200 funded user accounts of one asset; some
 * are refused for lack of funds, as in life. p50/p99 are per call, from the call to its answer
 * (its wait in the queue included); "per commit" is how many transfers shared a transaction. At the
 * end the ledger's invariants are checked from every transfer, and the run fails if any does not hold.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createUser } from "../server/modules/auth/sessions.ts";
import { createLedger, LedgerError, type TransferRequest } from "../server/modules/ledger/index.ts";
import { openDatabase } from "../server/platform/db/open.ts";
import { temporaryPostgresDatabase } from "./temporary-postgres.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const groupsInFlight = process.env.BENCH_GROUPS_IN_FLIGHT ? Number(process.env.BENCH_GROUPS_IN_FLIGHT) : undefined;
const ACCOUNTS = 200;

async function main() {
  const cleanups: (() => Promise<void> | void)[] = [];
  let database;
  if (process.env.DATABASE_URL) {
    database = await openDatabase({ databaseUrl: await temporaryPostgresDatabase(process.env.DATABASE_URL, cleanups) });
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), "sarraf-bench-ledger-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    database = await openDatabase({ dataDir });
  }
  cleanups.unshift(() => database.close());
  try {
    const ledger = createLedger(database.db, { groupsInFlight });
    const onramp = await ledger.houseAccount("onramp", "USDT");
    const accounts: string[] = [];
    for (let index = 0; index < ACCOUNTS; index++) {
      const user = await createUser(database.db, { email: `bench-${index}-${randomUUID()}@ledger.test`, fullName: "Bench", emailVerifiedAt: new Date() });
      accounts.push(await ledger.userAccount(user.id, "USDT"));
    }
    for (let index = 0; index < accounts.length; index += 100) {
      const credits = accounts.slice(index, index + 100);
      await ledger.transfer(credits.map((credit) => ({ key: randomUUID(), debit: onramp, credit, asset: "USDT", amount: 1_000_000_000n, code: "bench.fund" })));
    }

    const pick = () => accounts[Math.floor(Math.random() * accounts.length)]!;
    const move = (code: string, debit = pick()): TransferRequest => {
      let credit = pick();
      while (credit === debit) credit = pick();
      return { key: randomUUID(), debit, credit, asset: "USDT", amount: BigInt(1 + Math.floor(Math.random() * 5_000_000)), code };
    };
    // A transaction's rows share its start time (created_at): how many transfers shared a commit.
    const perCommit = async (code: string) => {
      const result = await database.db.execute(
        sql`SELECT count(*)::float8 / greatest(count(DISTINCT created_at), 1) AS n FROM ledger_transfers WHERE code = ${code}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n.toFixed(1);
    };

    console.log(
      `bench:ledger — ${database.kind}, ${ACCOUNTS} accounts, ${concurrency} at a time, ${seconds} s per shape, Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const rows: string[][] = [];
    const shapes = (["single", "batch", "hot"] as const).filter((shape) => (process.env.BENCH_SHAPES ?? shape).split(",").includes(shape));
    for (const shape of shapes) {
      const size = shape === "batch" ? 100 : 1;
      const hot = accounts[0]!;
      const latencies: number[] = [];
      let transfers = 0;
      let refused = 0;
      const end = Date.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (Date.now() < end) {
            const code = `bench.${shape}`;
            const requests = Array.from({ length: size }, () => (shape === "hot" ? move(code, Math.random() < 0.5 ? hot : pick()) : move(code)));
            if (shape === "hot") for (const request of requests) if (request.debit !== hot) request.credit = hot;
            const t0 = performance.now();
            try {
              await ledger.transfer(requests);
              transfers += size;
            } catch (error) {
              if (!(error instanceof LedgerError && error.code === "insufficientFunds")) throw error;
              refused += size;
            }
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
      rows.push([
        `${shape}${size > 1 ? ` (${size} per call)` : ""}`,
        Math.round(transfers / elapsed).toLocaleString("en"),
        at(0.5),
        at(0.99),
        String(refused),
        await perCommit(`bench.${shape}`),
      ]);
    }
    const check = await ledger.check();
    const header = ["shape", "transfers/s", "p50 ms", "p99 ms", "refused", "per commit"];
    const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
    console.log();
    console.log(header.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
    for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
    console.log(
      `\n(concurrent calls share one prepared statement and one commit, up to 100 transfers: lock the accounts in id order, check keys and funds call by call, INSERT, UPDATE; p50/p99 are per call, waiting included)\ninvariants over ${check.transfers.toLocaleString("en")} transfers: unbalanced assets ${check.unbalancedAssets.length}, drifted accounts ${check.driftedAccounts.length}, negative user accounts ${check.negativeAccounts.length}`,
    );
    if (check.unbalancedAssets.length || check.driftedAccounts.length || check.negativeAccounts.length) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

await main();
