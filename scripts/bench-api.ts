import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { autocannon, paced, PASSWORD, printTable, rowOf, type AutocannonOptions, type Row } from "./bench-load.ts";
import type { Seeded } from "./bench-api-server.ts";
import { temporaryPostgresDatabase } from "./temporary-postgres.ts";

/**
 * `npm run bench:api`: the real server (a child process, LOG_LEVEL=silent) on a fresh temporary
 * PGlite folder, or on a fresh temporary database of the PostgreSQL server DATABASE_URL names,
 * measured with autocannon from this process over 127.0.0.1 only:
 *
 *   health       POST /api/v1/health, as fast as it goes
 *   auth read    POST /api/v1/user/get-profile-by-id with a live session, as fast as it goes
 *   sign-in      POST /api/v1/user/login (one scrypt each), few connections, distinct accounts
 *   auth @ rate  the authenticated read at a fixed 1,000 requests/s: the latency users see, twice:
 *                with autocannon's overallRate (bursty, see paced()) and paced evenly by this script
 *   price, list  /user/get-price (signed in) and /currency/list, paced at the fixed rate
 *                (`npm run bench:prices` runs only these two)
 *   balances     /user/balances (EUR) of a reader holding cash and coins, paced at the fixed rate
 *   history      /user/transactions-history's first page (its 12 trades), paced at the fixed rate
 *
 * Flags (or environment): --seconds (BENCH_SECONDS, default 20) per target, --connections
 * (BENCH_CONNECTIONS, 100), --rate (BENCH_RATE, 1000), --login-seconds (BENCH_LOGIN_SECONDS, 5),
 * --login-connections (BENCH_LOGIN_CONNECTIONS, 4), --only (BENCH_ONLY, a subset of
 * health,read,signin,rate,price,list,balances,history; by default all but list); BENCH_CPU_PROF=<folder> profiles the server.
 * Everything stops and is removed at the end.
 */

const SERVER = fileURLToPath(new URL("./bench-api-server.ts", import.meta.url));

// ---------------------------------------------------------------------------------------------
// The parent: starts the child, runs autocannon, prints the table, removes everything.

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string" },
      connections: { type: "string" },
      rate: { type: "string" },
      "login-seconds": { type: "string" },
      "login-connections": { type: "string" },
      only: { type: "string" },
    },
  });
  // --only (BENCH_ONLY): a comma-separated subset of health,read,signin,rate,price,list.
  const only = new Set((values.only ?? process.env.BENCH_ONLY ?? "health,read,signin,rate,price,balances,history").split(",").map((name) => name.trim()));
  const number = (flag: string | undefined, variable: string, fallback: number) => {
    const value = Number(flag ?? process.env[variable] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${variable} must be a positive number`);
    return value;
  };
  const seconds = number(values.seconds, "BENCH_SECONDS", 20);
  const connections = Math.round(number(values.connections, "BENCH_CONNECTIONS", 100));
  const rate = number(values.rate, "BENCH_RATE", 1000);
  const loginSeconds = number(values["login-seconds"], "BENCH_LOGIN_SECONDS", Math.min(5, seconds));
  const loginConnections = Math.round(number(values["login-connections"], "BENCH_LOGIN_CONNECTIONS", 4));

  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error("cleanup:", error instanceof Error ? error.message : error);
      }
    }
  };
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  try {
    const dataDir = mkdtempSync(join(tmpdir(), "sarraf-bench-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = process.env.DATABASE_URL ? await temporaryPostgresDatabase(process.env.DATABASE_URL, cleanups) : undefined;

    const child = fork(SERVER, [], {
      // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
      // BENCH_NODE_ARGS: more Node flags for the server (e.g. --trace-gc, --max-semi-space-size=…).
      execArgv: [
        "--import",
        "tsx",
        ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      ],
      env: {
        PATH: process.env.PATH,
        BENCH_DATA_DIR: dataDir,
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    cleanups.push(() => stopChild(child));
    const seeded = await new Promise<Seeded>((ready, fail) => {
      child.once("message", (message) => ready(message as Seeded));
      child.once("exit", (code) => fail(new Error(`the server exited early (code ${code})`)));
    });

    const base = `http://127.0.0.1:${seeded.port}/api/v1`;
    const json = { "Content-Type": "application/json" };
    const read = {
      url: `${base}/user/get-profile-by-id`,
      method: "POST",
      headers: { ...json, Authorization: `Bearer ${seeded.token}` },
      body: JSON.stringify({ id: seeded.userId }),
    };
    console.log(
      `bench:api — ${seeded.database}, ${connections} connections, ${seconds} s per target ` +
        `(sign-in: ${loginConnections} connections, ${loginSeconds} s), fixed rate ${rate}/s, Node ${process.version}, ` +
        `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    );

    // A short warm-up, so JIT and caches are settled before anything counts.
    await autocannon({ url: `${base}/health`, method: "POST", connections: 10, duration: Math.min(2, seconds) });
    await autocannon({ ...read, connections: 10, duration: Math.min(2, seconds) });

    const serverCpu = () =>
      new Promise<{ cpuMicros: number; loopMaxMs: number }>((answer) => {
        const listener = (message: unknown) => {
          if (typeof message !== "object" || message === null || !("cpuMicros" in message)) return;
          child.off("message", listener);
          answer(message as { cpuMicros: number; loopMaxMs: number });
        };
        child.on("message", listener);
        child.send("cpu");
      });
    const rows: Row[] = [];
    const measured = async (work: () => Promise<Row>) => {
      const before = await serverCpu();
      const row = await work();
      const after = await serverCpu();
      row.cpuMicros = (after.cpuMicros - before.cpuMicros) / Math.max(1, row.completed);
      row.loopMaxMs = after.loopMaxMs;
      rows.push(row);
      console.log(`  ${row.target}: done`);
    };
    const run = (target: string, options: AutocannonOptions) => measured(async () => rowOf(target, await autocannon(options)));
    if (only.has("health")) await run("health", { url: `${base}/health`, method: "POST", connections, duration: seconds });
    if (only.has("read")) await run("auth read", { ...read, connections, duration: seconds });
    let next = 0;
    if (only.has("signin"))
      await run("sign-in", {
        url: `${base}/user/login`,
        method: "POST",
        headers: json,
        connections: loginConnections,
        duration: loginSeconds,
        // One account per connection: each has at most one guess in flight, far from the limits.
        setupClient: (client) => {
          const email = seeded.loginEmails[next++ % seeded.loginEmails.length]!;
          client.setBody(JSON.stringify({ email, password: PASSWORD }));
        },
      });
    if (only.has("rate")) {
      await run(`auth @ ${rate}/s (autocannon)`, { ...read, connections, duration: seconds, overallRate: rate });
      await measured(() => paced(`auth @ ${rate}/s (paced)`, read, rate, seconds));
      // The same for /health: what this machine and framework allow without any session work.
      await measured(() => paced(`health @ ${rate}/s (paced)`, { url: `${base}/health`, method: "POST", headers: json, body: "" }, rate, seconds));
    }
    // The market's reads (npm run bench:prices): answered from the price service's memory.
    const price = {
      url: `${base}/user/get-price`,
      method: "POST",
      headers: { ...json, Authorization: `Bearer ${seeded.token}` },
      body: JSON.stringify({ symbol: "BTC", currency: "EUR" }),
    };
    const list = { url: `${base}/currency/list`, method: "POST", headers: json, body: "{}" };
    if (only.has("price") || only.has("list")) {
      // The first price starts the source (the simulator computes its history then): not counted.
      await autocannon({ ...price, connections: 10, duration: Math.min(2, seconds) });
      await autocannon({ ...list, connections: 10, duration: Math.min(2, seconds) });
    }
    if (only.has("price")) await measured(() => paced(`get-price @ ${rate}/s (paced)`, price, rate, seconds));
    if (only.has("list")) await measured(() => paced(`currency/list @ ${rate}/s (paced)`, list, rate, seconds));
    // The portfolio's reads, over the ledger and the trades table (warmed like the others).
    const signedIn = { method: "POST", headers: read.headers };
    const balances = { ...signedIn, url: `${base}/user/balances`, body: JSON.stringify({ currency: "EUR" }) };
    const history = { ...signedIn, url: `${base}/user/transactions-history`, body: "{}" };
    for (const [name, target] of [
      ["balances", balances],
      ["history", history],
    ] as const) {
      if (!only.has(name)) continue;
      await autocannon({ ...target, connections: 10, duration: Math.min(2, seconds) });
      await measured(() => paced(`${name} @ ${rate}/s (paced)`, target, rate, seconds));
    }

    printTable(rows);
    console.log(
      "(autocannon's overallRate sends each connection's quota back to back at the top of each second, " +
        "so its row measures bursts; the paced row sends evenly and counts latency from each request's due time)",
    );
    console.log(
      "(server CPU µs/req: the server's CPU time over the run per answered request, which depends least on other load; " +
        "server loop max: the longest its event loop was late, which shows stalls in the server)",
    );
    console.log(`(load average ${loadavg()[0]!.toFixed(1)} at the end; other work on this machine skews every figure)`);
  } finally {
    await cleanUp();
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  if (child.connected) child.send("stop");
  else child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

await main();
