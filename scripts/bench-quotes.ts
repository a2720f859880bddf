/**
 * `npm run bench:quotes` (issue 26): quote and accept against the real server (a child process as
 * `npm start` runs it, the house's inventory from its development seed) on a fresh temporary PGlite
 * folder, or with DATABASE_URL on a fresh temporary database of that PostgreSQL server. 50 users
 * (BENCH_USERS), each funded from the house's treasury with cash and coins, trade at BENCH_RATE
 * requests per second (default 200: 100 quotes/s, each followed by the accept of its quote as soon
 * as it is answered) for BENCH_SECONDS (20): sells of BTC for USD, buys of ETH with USD and
 * converts of ETH to BTC, in turn. Quotes are sent open-loop at their due time (latency counts from
 * it: a stalled server is charged for the wait). Prints p50 and p99 of quotes, accepts and both,
 * the failures by reason, and the ledger's invariants checked from every transfer afterwards (the
 * run fails if they do not hold).
 */
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { temporaryPostgresDatabase } from "./temporary-postgres.ts";

const SELF = fileURLToPath(import.meta.url);
const USERS = Number(process.env.BENCH_USERS ?? 50);

interface Seeded {
  port: number;
  database: string;
  tokens: string[];
}

// ---------------------------------------------------------------------------------------------
// The child: the server, its users, their money; answers "check" with the ledger's invariants.

async function serve(): Promise<void> {
  const { startServer } = await import("../server/server.ts");
  const { envWith } = await import("../server/env.ts");
  const { createLogger } = await import("../server/platform/logging/logger.ts");
  const { createSession, createUser } = await import("../server/modules/auth/sessions.ts");
  const { createLedger, checkLedger } = await import("../server/modules/ledger/index.ts");
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
  const ledger = createLedger(db);
  const tokens: string[] = [];
  const funds = { USD: 10_000_000n, BTC: 100_000_000n, ETH: 10n ** 19n }; // 100,000 dollars, 1 BTC, 10 ETH each
  for (let index = 0; index < USERS; index++) {
    const user = await createUser(db, { email: `trader.${index}.${randomUUID()}@bench.example`, fullName: "Bench Trader", emailVerifiedAt: new Date() });
    tokens.push((await createSession(db, user.id)).token);
    for (const [asset, amount] of Object.entries(funds)) {
      const [treasury, account] = await Promise.all([ledger.houseAccount("treasury", asset), ledger.userAccount(user.id, asset)]);
      await ledger.transfer({ key: `bench:fund:${user.id}:${asset}`, debit: treasury, credit: account, asset, amount, code: "bench.fund" });
    }
  }
  process.send!({ port: running.port, database: running.database.kind, tokens } satisfies Seeded);
  process.on("message", (message) => {
    if (message === "check") void checkLedger(db).then((check) => process.send!({ check }));
    if (message === "cpu") {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system });
    }
    if (message === "stop") void running.close().finally(() => process.exit(0));
  });
  process.on("disconnect", () => void running.close().finally(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The parent: paced quotes, each followed by its accept.

const TRADES = [
  { kind: "sell", from: "BTC", to: "USD", amount: "0.0005" },
  { kind: "buy", from: "USD", to: "ETH", amount: "25" },
  { kind: "convert", from: "ETH", to: "BTC", amount: "0.01" },
];

interface Answer {
  status: number;
  reason?: string;
  id?: string;
}

function post(agent: http.Agent, port: number, path: string, token: string, body: unknown): Promise<Answer> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port,
        path: `/api/v1${path}`,
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Content-Length": Buffer.byteLength(text) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data?: { id?: string; reason?: string } };
            resolve({ status: response.statusCode ?? 0, id: parsed.data?.id, reason: parsed.data?.reason });
          } catch {
            resolve({ status: response.statusCode ?? 0, reason: "unreadable" });
          }
        });
      },
    );
    request.on("error", () => resolve({ status: 0, reason: "network" }));
    request.end(text);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function load(seeded: Seeded, rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const pairs = Math.max(1, Math.round((rate / 2) * seconds));
  const quotes: number[] = [];
  const accepts: number[] = [];
  const failures = new Map<string, number>();
  const fail = (what: string, answer: Answer) =>
    failures.set(`${what} ${answer.status} ${answer.reason ?? ""}`.trim(), (failures.get(`${what} ${answer.status} ${answer.reason ?? ""}`.trim()) ?? 0) + 1);
  let sent = 0;
  const start = performance.now() + 20;
  const running: Promise<void>[] = [];
  const trade = async (index: number, due: number) => {
    const token = seeded.tokens[index % seeded.tokens.length]!;
    const quote = await post(agent, seeded.port, "/user/trade/quote", token, TRADES[index % TRADES.length]);
    const quoted = performance.now();
    quotes.push(quoted - due);
    if (quote.status !== 200 || !quote.id) return void fail("quote", quote);
    const accept = await post(agent, seeded.port, "/user/trade/accept", token, { quoteId: quote.id });
    accepts.push(performance.now() - quoted);
    if (accept.status !== 200) fail("accept", accept);
  };
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < pairs && start + (sent * 1000 * 2) / rate <= now) {
        const due = start + (sent * 1000 * 2) / rate;
        running.push(trade(sent++, due));
      }
      if (sent < pairs) setTimeout(tick, Math.max(0, start + (sent * 1000 * 2) / rate - performance.now()));
      else done();
    };
    setTimeout(tick, 20);
  });
  await Promise.all(running);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  for (const list of [quotes, accepts]) list.sort((a, b) => a - b);
  const all = [...quotes, ...accepts].sort((a, b) => a - b);
  return { quotes, accepts, all, failures, elapsed };
}

async function main(): Promise<void> {
  const rate = Number(process.env.BENCH_RATE ?? 200);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error("cleanup:", error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    const dataDir = mkdtempSync(join(tmpdir(), "sarraf-bench-quotes-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = process.env.DATABASE_URL ? await temporaryPostgresDatabase(process.env.DATABASE_URL, cleanups) : undefined;
    const child = fork(SELF, ["--serve"], {
      // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
      execArgv: ["--import", "tsx", ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      env: { PATH: process.env.PATH, BENCH_DATA_DIR: dataDir, BENCH_USERS: String(USERS), ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    cleanups.push(() => stopChild(child));
    const seeded = await new Promise<Seeded>((ready, fail) => {
      child.once("message", (message) => ready(message as Seeded));
      child.once("exit", (code) => fail(new Error(`the server exited early (code ${code})`)));
    });
    console.log(
      `bench:quotes — ${seeded.database}, ${seeded.tokens.length} users, ${rate} requests/s (quote then accept) for ${seconds} s, ` +
        `Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    // A short warm-up (JIT, the price source's first poll), not counted.
    await load(seeded, 20, 2);
    const ask = <T>(what: string, key: string) =>
      new Promise<T>((answer) => {
        const listener = (message: unknown) => {
          if (typeof message !== "object" || message === null || !(key in message)) return;
          child.off("message", listener);
          answer((message as Record<string, T>)[key]!);
        };
        child.on("message", listener);
        child.send(what);
      });
    const cpuBefore = await ask<number>("cpu", "cpuMicros");
    const result = await load(seeded, rate, seconds);
    const cpuAfter = await ask<number>("cpu", "cpuMicros");
    const check = await ask<Record<string, unknown>>("check", "check");
    const row = (name: string, list: number[]) =>
      `  ${name.padEnd(8)} ${String(list.length).padStart(6)}  p50 ${percentile(list, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(list, 99).toFixed(1).padStart(7)} ms`;
    console.log();
    console.log(row("quote", result.quotes));
    console.log(row("accept", result.accepts));
    console.log(row("both", result.all));
    console.log(
      `  ${(result.all.length / result.elapsed).toFixed(0)} requests/s answered; server CPU ${((cpuAfter - cpuBefore) / Math.max(1, result.all.length) / 1000).toFixed(2)} ms per request (the figure other load skews least)`,
    );
    const failed = [...result.failures].map(([what, count]) => `${count}× ${what}`).join(", ");
    console.log(`  errors: ${failed || "none"}`);
    const sound = (["unbalancedAssets", "driftedAccounts", "negativeAccounts"] as const).every((key) => (check[key] as unknown[]).length === 0);
    console.log(
      `  ledger after: ${check.transfers} transfers, ${sound ? "every asset nets to zero, no account drifted, none negative" : JSON.stringify(check)}`,
    );
    console.log(`(load average ${loadavg()[0]!.toFixed(1)} at the end; other work on this machine skews every figure)`);
    if (!sound) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.send("stop");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}

if (process.argv.includes("--serve")) await serve();
else await main();
