import { tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import type { Db } from "../server/platform/db/open.ts";
import { PASSWORD } from "./bench-load.ts";

// The server side of `npm run bench:api` (scripts/bench-api.ts forks this file): the server as
// `npm start` runs it, plus the rows the benchmark needs; it answers the parent's "cpu" and "stop".

export interface Seeded {
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
  await holdings(running.port, db, reader.id, token);
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

/** Cash from the house (as a card buy credits it), then 12 trades through the API: a real balance and history. */
async function holdings(port: number, db: Db, userId: string, token: string): Promise<void> {
  const { createLedger } = await import("../server/modules/ledger/index.ts");
  const ledger = createLedger(db);
  const [debit, credit] = await Promise.all([ledger.houseAccount("onramp", "EUR"), ledger.userAccount(userId, "EUR")]);
  await ledger.transfer({ key: `bench:credit:${userId}`, debit, credit, asset: "EUR", amount: 1_000_000n, code: "test.credit" });
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { data?: { id?: string } };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const trades = [...Array(4).fill({ kind: "buy", from: "EUR", to: "BTC" }), ...Array(4).fill({ kind: "buy", from: "EUR", to: "ETH" })];
  for (const trade of [...trades, ...Array(4).fill({ kind: "sell", from: "BTC", to: "EUR", amount: "0.0001" })]) {
    const quote = await call("/user/trade/quote", { amount: "100", ...trade });
    await call("/user/trade/accept", { quoteId: quote!.id });
  }
}

await serve();
