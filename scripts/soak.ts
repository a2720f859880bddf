/**
 * `npm run soak` (issue 29): the server as `npm start` runs it with WORKERS=2 on a throwaway
 * PostgreSQL (its own server from initdb on 127.0.0.1, or a throwaway database on the DATABASE_URL
 * server, which must be on 127.0.0.1), under a steady mix of what people do for SOAK_SECONDS
 * (default 600): sign-ups and sign-ins, price reads, market and asset pages, card buys paid on the
 * sandbox (its webhooks settle them), trades (quote then accept), balances and history. At a
 * random moment one worker is killed with SIGKILL; the primary restarts it. At the end it checks:
 * no 5xx and no connection error but those in flight on the killed worker; every accepted order
 * settled exactly once (scripts/soak/checks.ts); checkLedger() green; each worker's RSS within 10 %
 * of its warmed-up size; the primary stops cleanly. Then it measures throughput with 1 process and
 * with 2 (a closed loop of reads and trades, SOAK_COMPARE_SECONDS each, default 60, in two halves in
 * the order 1, 2, 2, 1).
 *
 * The load is moderate so that a shared 2-core machine keeps working: SOAK_RATE actions a second
 * (default 8, about 16 requests a second, among them some 4 scrypt hashes — sign-ins, sign-ups — every
 * 10 s), never more than 64 in flight. The comparison saturates the cores for its two phases (SOAK_CONNECTIONS
 * requests in flight, default 8). Exits 1 when a check fails. Removes everything it made.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { checkLedger } from "../server/modules/ledger/index.ts";
import { openDatabase } from "../server/platform/db/open.ts";
import { throwawayPostgres } from "./restore-drill/cluster.ts";
import { cardBuy, FIRST_TRADES, signUp, trade, type World } from "./soak/actions.ts";
import { cardBuysSettled, settledExactlyOnce } from "./soak/checks.ts";
import { createClient, Recorder } from "./soak/client.ts";
import { cpuSecondsOf, rssOf, startCluster, type Cluster } from "./soak/cluster.ts";
import { closedLoop, openLoop } from "./soak/load.ts";
import { memoryCheck, printChecks, printRoutes, unexplainedFailures, type Check, type Memory } from "./soak/report.ts";
import { temporaryPostgresDatabase } from "./temporary-postgres.ts";

const setting = (name: string, fallback: number, max: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number in (0, ${max}]`);
  return value;
};
const SECONDS = setting("SOAK_SECONDS", 600, 4 * 3600);
const COMPARE_SECONDS = setting("SOAK_COMPARE_SECONDS", 60, 600);
const RATE = setting("SOAK_RATE", 8, 100);
const USERS = Math.round(setting("SOAK_USERS", 12, 200));
const CONNECTIONS = Math.round(setting("SOAK_CONNECTIONS", 8, 64));
const WARMUP_MS = Math.min(60, SECONDS * 0.15) * 1000;
const RSS_LIMIT = 0.1;

const cleanups: (() => Promise<void> | void)[] = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error("cleanup:", error));
};
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function soak(): Promise<boolean> {
  const server = process.env.DATABASE_URL ?? (await throwawayPostgres(cleanups));
  const host = new URL(server).hostname;
  if (host !== "127.0.0.1") throw new Error(`the soak runs on 127.0.0.1 only; DATABASE_URL names ${host}`);
  const databaseUrl = await temporaryPostgresDatabase(server, cleanups);
  const folder = mkdtempSync(join(tmpdir(), "sarraf-soak-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  // TRUST_PROXY: each simulated person comes from an address of its own, as behind a reverse proxy.
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: folder, STATIC_DIR: folder, NODE_ENV: "development", TRUST_PROXY: "true", ONRAMP_SANDBOX_STEP_MS: "500" };
  console.log(
    `soak — WORKERS=2 on PostgreSQL, ${SECONDS} s at ${RATE} actions/s, ${USERS} traders to start; then 1 vs 2 processes for ${COMPARE_SECONDS} s each (in two halves: 1, 2, 2, 1). ` +
      `Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
  );

  let cluster: Cluster = await startCluster(2, env);
  cleanups.push(async () => void (await cluster.stop()));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  cleanups.push(() => pool.end());
  const recorder = new Recorder();
  const world: World = {
    client: createClient(cluster.url, recorder),
    pool,
    run: String(Date.now()),
    traders: [],
    paid: new Set(),
    accepted: new Set(),
    refusals: new Map(),
  };

  // Traders sign up, and each buys 1,000 dollars of bitcoin with a card (all the money there is comes in this way), then sells some for dollars and buys ether.
  const at = performance.now();
  for (let index = 0; index < USERS; index += 2) await Promise.all([signUp(world, index), index + 1 < USERS ? signUp(world, index + 1) : undefined]);
  if (world.traders.length === 0) throw new Error(`no trader could sign up: ${JSON.stringify([...world.refusals])}`);
  await Promise.all(world.traders.map((trader) => cardBuy(world, trader, "1000")));
  const unfunded = await cardBuysSettled(world, 120_000);
  for (const body of FIRST_TRADES) await Promise.all(world.traders.map((trader) => trade(world, trader, body)));
  console.log(`  ${world.traders.length} traders signed up, funded by card (${unfunded} buys unsettled) and traded twice in ${seconds(at)} s`);

  // The soak, one worker killed at a random moment between a quarter and 60 % of the way.
  const memory = new Map<number, Memory>();
  const killAfterMs = SECONDS * 1000 * (0.25 + Math.random() * 0.35);
  let killed: { pid: number; at: number; led: boolean } | undefined;
  const loadStart = performance.now();
  let tickCount = 0;
  const sample = () => {
    for (const [pid, startedAt] of cluster.workers()) {
      const rss = rssOf(pid);
      if (rss === undefined || performance.now() < Math.max(loadStart, startedAt) + WARMUP_MS) continue;
      const entry = memory.get(pid) ?? { pid, samples: [] };
      entry.samples.push(rss);
      memory.set(pid, entry);
    }
  };
  const every = () => {
    if (++tickCount % 5 === 0) sample();
    if (!killed && performance.now() - loadStart >= killAfterMs) {
      const pids = [...cluster.workers().keys()];
      const pid = pids[Math.floor(Math.random() * pids.length)]!;
      const leader = cluster.lines().findLast((line) => line.msg === "jobs.leading");
      killed = { pid, at: performance.now(), led: leader?.pid === pid };
      process.kill(pid, "SIGKILL");
    }
  };
  const result = await openLoop(world, RATE, SECONDS, 64, every);
  sample();
  const died = cluster.lines().find((line) => line.msg === "worker.died");
  const restarted = killed && cluster.lines().find((line) => line.msg === "started" && line.at > killed!.at);
  console.log(
    `  ${recorder.answered} requests in ${seconds(loadStart)} s (${(recorder.answered / ((performance.now() - loadStart) / 1000)).toFixed(1)}/s); actions: ` +
      [...result.actions].map(([name, count]) => `${name} ${count}`).join(", ") +
      (result.skipped ? `; ${result.skipped} skipped (64 in flight)` : ""),
  );
  if (killed)
    console.log(
      `  killed worker ${killed.pid} (${killed.led ? "it led the background jobs" : "a standby"}) ${((killed.at - loadStart) / 1000).toFixed(1)} s in; ` +
        `the primary saw it die (${died?.signal ?? "?"}) and a new worker answered ${restarted ? `${((restarted.at - killed.at) / 1000).toFixed(1)} s later` : "— never"}`,
    );

  const open = await cardBuysSettled(world, 120_000);
  const settlement = await settledExactlyOnce(world);
  const database = await openDatabase({ databaseUrl, poolMax: 2 });
  cleanups.push(() => database.close());
  const ledger = await checkLedger(database.db);
  const failures = unexplainedFailures(recorder.failures, killed?.at);
  const serverErrors = cluster.lines().filter((line) => line.msg === "request" && (line.status ?? 0) >= 500).length;
  const alive = new Set(cluster.workers().keys());
  printRoutes(recorder);
  if (world.refusals.size > 0)
    console.log(`  refusals (4xx, expected under load): ${[...world.refusals].map(([what, count]) => `${count}× ${what}`).join(", ")}`);
  const stopCode = await cluster.stop();

  const checks: Check[] = [
    {
      name: "no 5xx",
      ok: failures.fiveHundreds.length === 0 && serverErrors === 0,
      detail: `${failures.fiveHundreds.length} answered 5xx (${serverErrors} logged by the workers)${failures.fiveHundreds
        .slice(0, 3)
        .map((f) => `; ${f.status} ${f.path}`)
        .join("")}`,
    },
    {
      name: "no connection errors but those in flight on the killed worker",
      ok: failures.connectionErrors.length === 0,
      detail: `${failures.excused.length} in flight on it (not counted), ${failures.connectionErrors.length} others${failures.connectionErrors
        .slice(0, 3)
        .map((f) => `; ${f.error} ${f.path} sent ${((f.sentAt - (killed?.at ?? loadStart)) / 1000).toFixed(1)} s after the ${killed ? "kill" : "start"}`)
        .join("")}`,
    },
    { name: "the killed worker restarted", ok: Boolean(killed && restarted), detail: killed ? `pid ${killed.pid}` : "no worker was killed" },
    {
      name: "every accepted order settled exactly once",
      ok: settlement.problems.length === 0 && open === 0,
      detail: `${settlement.trades} trades, ${settlement.cardBuys} card buys (${world.paid.size} paid by the client, ${open} still open)${settlement.problems
        .slice(0, 5)
        .map((problem) => `; ${problem}`)
        .join("")}`,
    },
    ledgerCheck(ledger),
    memoryCheck(memory, alive, RSS_LIMIT),
    { name: "the primary stopped cleanly (SIGTERM)", ok: stopCode === 0, detail: `exit code ${stopCode}` },
  ];

  // Throughput: the same closed loop against 1 process and 2, in the order 1, 2, 2, 1 so that a
  // machine getting busier or quieter meanwhile weighs on both alike.
  const measured = new Map<number, { answered: number; seconds: number; cpu: number; halves: string[] }>();
  for (const workers of [1, 2, 2, 1]) {
    cluster = await startCluster(workers, env);
    world.client.close();
    world.client = createClient(cluster.url, recorder);
    await closedLoop(world, CONNECTIONS, 3); // JIT and caches, not counted
    // The workers and, with 2, the primary that hands them connections.
    const pids = [...cluster.workers().keys(), ...(workers > 1 && cluster.child.pid ? [cluster.child.pid] : [])];
    const cpuBefore = pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
    const answeredBefore = recorder.answered;
    const ran = await closedLoop(world, CONNECTIONS, COMPARE_SECONDS / 2);
    const sum = measured.get(workers) ?? { answered: 0, seconds: 0, cpu: 0, halves: [] };
    sum.answered += recorder.answered - answeredBefore;
    sum.seconds += ran;
    sum.cpu += pids.reduce((total, pid) => total + cpuSecondsOf(pid), 0) - cpuBefore;
    sum.halves.push(((recorder.answered - answeredBefore) / ran).toFixed(0));
    measured.set(workers, sum);
    await cluster.stop();
  }
  const rates = [...measured].map(
    ([workers, { answered, seconds, cpu, halves }]) =>
      `${workers} process${workers > 1 ? "es" : ""}: ${(answered / seconds).toFixed(0)} req/s (halves ${halves.join(", ")}), ` +
      `server CPU ${((cpu / answered) * 1e6).toFixed(0)} µs/req`,
  );
  world.client.close();
  console.log(`  throughput (closed loop, ${CONNECTIONS} in flight, ${COMPARE_SECONDS} s each): ${rates.join("; ")}`);
  checks.push({ ...ledgerCheck(await checkLedger(database.db)), name: "checkLedger() after the comparison too" });
  console.log(`(load average ${loadavg()[0]!.toFixed(1)} at the end; other work on this machine skews every figure)`);
  return printChecks(checks);
}

function ledgerCheck(ledger: Awaited<ReturnType<typeof checkLedger>>): Check {
  const bad = ledger.unbalancedAssets.length + ledger.driftedAccounts.length + ledger.negativeAccounts.length;
  return {
    name: "checkLedger()",
    ok: bad === 0,
    detail: bad === 0 ? `${ledger.transfers} transfers: every asset nets to zero, no account drifted, none negative` : JSON.stringify(ledger),
  };
}

try {
  if (!(await soak())) process.exitCode = 1;
} catch (error) {
  console.error("soak failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
