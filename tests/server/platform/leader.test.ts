import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { LEADER_LOCK_KEY, startLeadership } from "../../../server/platform/db/leader.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";

// The background jobs' lease (server/platform/db/leader.ts); the real processes are in workers.test.ts.
function contender(databaseUrl: string | undefined, retryMs = 100) {
  const lines: { msg: string }[] = [];
  const jobs = { running: false, starts: 0 };
  const leadership = startLeadership({
    databaseUrl,
    logger: createLogger("debug", (line) => lines.push(JSON.parse(line))),
    lead: () => {
      jobs.running = true;
      jobs.starts++;
    },
    resign: async () => {
      jobs.running = false;
    },
    retryMs,
  });
  return { leadership, jobs, lines };
}

describe("the background jobs' lease", () => {
  it("without PostgreSQL (PGlite, one process) leads at once and stops the jobs at stop()", async () => {
    const one = contender(undefined);
    expect(one.leadership.leading).toBe(true);
    expect(one.jobs).toEqual({ running: true, starts: 1 });
    await one.leadership.stop();
    expect(one.jobs.running).toBe(false);
  });
});

describe.skipIf(!postgresUrl)("the background jobs' lease on PostgreSQL (skipped on PGlite: one process leads)", () => {
  it("one of two leads; when the leader's connection ends the other takes over, and the old one stops its jobs and stands by", async () => {
    const { url, drop } = await freshPostgresUrl();
    const a = contender(url);
    await vi.waitFor(() => expect(a.leadership.leading).toBe(true), { timeout: 30_000 });
    const b = contender(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await vi.waitFor(() => expect(b.lines.map((line) => line.msg)).toContain("jobs.standby"), { timeout: 30_000 });
      expect(b.jobs.starts).toBe(0);

      // The leader's session ends (as when its process dies): PostgreSQL releases the lock with it.
      const holder = await admin.query(
        // pg_locks lists the whole cluster's locks: other test files' processes lead their own databases.
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1::bigint AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        [LEADER_LOCK_KEY.toString()],
      );
      expect(holder.rows).toHaveLength(1);
      await admin.query("SELECT pg_terminate_backend($1)", [holder.rows[0].pid]);

      await vi.waitFor(() => expect(a.jobs.running).toBe(false), { timeout: 30_000 });
      expect(a.lines.map((line) => line.msg)).toContain("jobs.leaseLost");
      await vi.waitFor(() => expect(b.leadership.leading || a.leadership.leading).toBe(true), { timeout: 30_000 });
      // Exactly one runs the jobs, however the race went.
      await vi.waitFor(() => expect([a.jobs.running, b.jobs.running].filter(Boolean)).toHaveLength(1), { timeout: 30_000 });
    } finally {
      await a.leadership.stop();
      await b.leadership.stop();
      await admin.end();
      await drop();
    }
  }, 120_000);
});
