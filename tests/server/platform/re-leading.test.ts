import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { envWith } from "../../../server/env.ts";
import { sessions } from "../../../server/modules/auth/schema.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { startServer } from "../../../server/server.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";

// The background jobs stop when their process loses the lease (platform/db/leader.ts) and must all
// run again when it leads again: each service's start() after its stop(). The real server, in process.
type Line = { msg: string; [key: string]: unknown };

/** Every schedule the leader starts (server/server.ts), by the name its passes log. */
const SCHEDULES = ["onramp.reconcilePass", "onramp.tickPass", "kyc.sandboxReviewPass", "withdraw.networkPass", "ledger.expirePass"];

describe.skipIf(!postgresUrl)("re-leading on PostgreSQL (skipped on PGlite: one process always leads)", () => {
  it("a process that loses the lease and takes it again runs every job again: the schedules' passes, hold expiry and pruning", async () => {
    const { url: databaseUrl, drop } = await freshPostgresUrl();
    const folder = mkdtempSync(join(tmpdir(), "sarraf-re-leading-"));
    const lines: Line[] = [];
    const env = envWith({
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: folder,
      STATIC_DIR: folder,
      LEDGER_EXPIRE_SECONDS: "1",
      ONRAMP_RECONCILE_SECONDS: "1",
    });
    const server = await startServer({ env, logger: createLogger("debug", (line) => lines.push(JSON.parse(line) as Line)) });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const count = (msg: string, from = 0) => lines.slice(from).filter((line) => line.msg === msg).length;
    try {
      await vi.waitFor(() => expect(count("jobs.leading")).toBe(1), { timeout: 30_000, interval: 50 });
      await vi.waitFor(() => expect(SCHEDULES.filter((name) => count(name) === 0)).toEqual([]), { timeout: 30_000, interval: 50 });

      // The lease's session ends (an idle timeout, a restarted PostgreSQL, a network cut).
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'sarraf-leader'",
      );
      expect(ended.rowCount).toBe(1);
      await vi.waitFor(() => expect(count("jobs.leaseLost")).toBe(1), { timeout: 30_000, interval: 50 });

      // While it leads nobody, work becomes due: a session long over, a hold whose time is up.
      const db = server.database.db;
      const ledger = createLedger(db);
      const user = await createUser(db, { email: "re-leading@example.com", fullName: "Re Leading", emailVerifiedAt: new Date() });
      const over = await createSession(db, user.id, { now: new Date(Date.now() - 3 * 86_400_000), absoluteDays: 1 });
      const [treasury, account] = await Promise.all([ledger.houseAccount("treasury", "USD"), ledger.userAccount(user.id, "USD")]);
      await ledger.transfer({ key: "re-leading:fund", debit: treasury, credit: account, asset: "USD", amount: 1_000n, code: "test.fund" });
      const [hold] = await ledger.transfer({
        key: "re-leading:hold",
        debit: account,
        credit: treasury,
        asset: "USD",
        amount: 400n,
        code: "test.hold",
        holdSeconds: 1,
      });
      expect(hold).toBeDefined();

      await vi.waitFor(() => expect(count("jobs.leading")).toBe(2), { timeout: 30_000, interval: 50 });
      const regained = lines.findLastIndex((line) => line.msg === "jobs.leading");
      await vi.waitFor(() => expect(SCHEDULES.filter((name) => count(name, regained) === 0)).toEqual([]), { timeout: 30_000, interval: 50 });
      // Hold expiry and pruning did their work, not only their passes.
      await vi.waitFor(async () => expect((await ledger.account(account))!.debitsPending).toBe(0n), { timeout: 30_000, interval: 100 });
      await vi.waitFor(async () => expect(await db.select().from(sessions).where(eq(sessions.id, over.session.id))).toEqual([]), {
        timeout: 30_000,
        interval: 100,
      });
      expect(count("jobs.leading")).toBe(2);
    } finally {
      await admin.end();
      await server.close();
      rmSync(folder, { recursive: true, force: true });
      await drop();
    }
  }, 120_000);
});
