import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
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
 *
 * Flags (or environment): --seconds (BENCH_SECONDS, default 20) per target, --connections
 * (BENCH_CONNECTIONS, 100), --rate (BENCH_RATE, 1000), --login-seconds (BENCH_LOGIN_SECONDS, 5),
 * --login-connections (BENCH_LOGIN_CONNECTIONS, 4), --only (BENCH_ONLY, a subset of
 * health,read,signin,rate,price,list; by default the first four); BENCH_CPU_PROF=<folder> profiles the server.
 * Everything stops and is removed at the end.
 */

const SELF = fileURLToPath(import.meta.url);
const PASSWORD = "Bench password for sarraf 1";

interface Seeded {
  port: number;
  database: string;
  userId: string;
  token: string;
  loginEmails: string[];
}

// ---------------------------------------------------------------------------------------------
// The child: the server as `npm start` runs it, plus the rows the benchmark needs.

async function serve(): Promise<void> {
  const { startServer } = await import("../server/server.ts");
  const { envWith } = await import("../server/env.ts");
  const { createLogger } = await import("../server/platform/logging/logger.ts");
  const { createSession, createUser } = await import("../server/modules/auth/sessions.ts");
  const { hashPassword } = await import("../server/modules/auth/password.ts");
  const env = envWith({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    NODE_ENV: "development",
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    STATIC_DIR: process.env.BENCH_DATA_DIR ?? tmpdir(),
  });
  const running = await startServer({ env, logger: createLogger("silent") });
  const db = running.database.db;
  const passwordHash = await hashPassword(PASSWORD);
  const stamp = randomBytes(4).toString("hex");
  const reader = await createUser(db, { email: `reader.${stamp}@bench.example`, fullName: "Bench Reader", passwordHash, emailVerifiedAt: new Date() });
  const { token } = await createSession(db, reader.id);
  const loginEmails: string[] = [];
  for (let i = 0; i < Number(process.env.BENCH_LOGIN_ACCOUNTS ?? 8); i++) {
    const email = `login.${i}.${stamp}@bench.example`;
    await createUser(db, { email, fullName: `Bench Login ${i}`, passwordHash, emailVerifiedAt: new Date() });
    loginEmails.push(email);
  }
  const seeded: Seeded = { port: running.port, database: running.database.kind, userId: reader.id, token, loginEmails };
  process.send!(seeded);
  // How late the server's event loop ran its timers: a stall in the server shows here.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on("message", (message) => {
    if (message === "cpu") {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system, loopMaxMs: loopDelay.max / 1e6 });
      loopDelay.reset();
      return;
    }
    if (message !== "stop") return;
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  // The parent went away without saying stop: do not linger.
  process.on("disconnect", () => void running.close().finally(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The parent: starts the child, runs autocannon, prints the table, removes everything.

interface Histogram {
  /** For requests: how many were answered. */
  total?: number;
  average: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}

interface AutocannonClient {
  setBody(body: string): void;
}

interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  overallRate?: number;
  setupClient?: (client: AutocannonClient) => void;
}

const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

interface Row {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  note: string;
  completed: number;
  /** The server's CPU time (user + system) per answered request. */
  cpuMicros?: number;
  /** The longest the server's event loop was late during the run. */
  loopMaxMs?: number;
}

function rowOf(target: string, result: AutocannonResult): Row {
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${count}×${code}`)
    .join(" ");
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    completed: result.requests.total ?? 0,
    note: `${codes ? ` (${codes})` : ""}${result.timeouts ? `, ${result.timeouts} timeouts` : ""}`,
  };
}

/**
 * Open-loop load at a steady rate: request i is due at start + i/rate whatever the answers do,
 * over a pool of keep-alive connections, and its latency counts from when it was due (so a
 * stalled server or client is charged for the wait: no coordinated omission). autocannon's
 * overallRate instead lets each connection send its whole second's quota back to back at the
 * top of each second, which measures bursts of `connections` concurrent requests.
 */
async function paced(
  target: string,
  options: { url: string; method: string; headers: Record<string, string>; body: string },
  rate: number,
  seconds: number,
): Promise<Row> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let finished = 0;
  // The load generator can stall too (GC, being descheduled): its lateness is reported with the row.
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  const start = performance.now() + 20;
  await new Promise<void>((done) => {
    const send = (due: number) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: options.method,
          headers: { ...options.headers, "Content-Length": Buffer.byteLength(options.body) },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if ((response.statusCode ?? 0) >= 300 || (response.statusCode ?? 0) < 200) non2xx++;
            latencies.push(performance.now() - due);
            if (++finished === total) done();
          });
        },
      );
      request.on("error", () => {
        errors++;
        if (++finished === total) done();
      });
      request.end(options.body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) send(start + (sent++ * 1000) / rate);
      if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
    };
    setTimeout(tick, 20);
  });
  const elapsed = (performance.now() - start) / 1000;
  clientDelay.disable();
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    target,
    rps: latencies.length / elapsed,
    p50: percentile(50),
    p99: percentile(99),
    errors,
    non2xx,
    note: ` (client loop max ${(clientDelay.max / 1e6).toFixed(0)} ms)`,
    completed: latencies.length,
  };
}

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
  const only = new Set((values.only ?? process.env.BENCH_ONLY ?? "health,read,signin,rate").split(",").map((name) => name.trim()));
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

    const child = fork(SELF, ["--serve"], {
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

function printTable(rows: Row[]): void {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors/non-2xx", "server CPU µs/req", "server loop max ms"];
  const lines = rows.map(({ target, rps, p50, p99, errors, non2xx, note, cpuMicros, loopMaxMs }) => [
    target,
    rps.toFixed(0),
    p50.toFixed(1),
    p99.toFixed(1),
    `${errors}/${non2xx}${note}`,
    cpuMicros === undefined ? "" : cpuMicros.toFixed(0),
    loopMaxMs === undefined ? "" : loopMaxMs.toFixed(0),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of lines) console.log(format(line));
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

// Last, so every declaration above is initialised before either side runs.
if (process.argv.includes("--serve")) await serve();
else await main();
