import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY } from "../../../server/platform/db/migrate.ts";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";

// Several processes over one PostgreSQL (a deploy of N workers) start at the same moment: the
// migrations must run once, the others waiting for them. PGlite is one process per data folder
// (its lock file refuses a second: database.test.ts), so there is nothing to race there.
const journal = JSON.parse(readFileSync(new URL("../../../server/platform/db/migrations/meta/_journal.json", import.meta.url), "utf8")) as {
  entries: unknown[];
};

/** This database's advisory locks: pg_locks lists the whole cluster's, and other test files' processes hold theirs (the jobs' lease). */
const ADVISORY_HERE = "locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresUrl)("migrations on PostgreSQL (skipped on PGlite: one process per data folder, nothing to race)", () => {
  it("run once when two processes start at once on an empty database: both open, each migration applied once", async () => {
    const { url, drop } = await freshPostgresUrl();
    try {
      const opened = await Promise.allSettled([1, 2].map(() => openDatabase({ databaseUrl: url })));
      for (const result of opened) if (result.status === "fulfilled") await result.value.close();
      expect(opened.map((result) => (result.status === "rejected" ? String(result.reason) : "opened"))).toEqual(["opened", "opened"]);
      const applied = await query<{ hash: string }>(url, "SELECT hash FROM drizzle.__drizzle_migrations");
      expect(applied).toHaveLength(journal.entries.length);
      expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
    } finally {
      await drop();
    }
  });

  it("wait while another holds the lock, touching nothing, then migrate", async () => {
    const { url, drop } = await freshPostgresUrl();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
      const opening = openDatabase({ databaseUrl: url });
      // The opener is queued on the lock (PostgreSQL lists the waiting request in pg_locks).
      await expect
        .poll(async () => (await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE ${ADVISORY_HERE} AND NOT granted`)).rows[0].n, {
          timeout: 30_000,
        })
        .toBe(1);
      expect((await holder.query("SELECT to_regclass('drizzle.__drizzle_migrations') AS t")).rows[0].t).toBeNull();
      await holder.query("SELECT pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
      const database = await opening;
      await database.close();
      expect((await holder.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations")).rows[0].n).toBe(journal.entries.length);
      // Released after migrating: nothing is left holding it.
      expect((await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE ${ADVISORY_HERE}`)).rows[0].n).toBe(0);
    } finally {
      await holder.end();
      await drop();
    }
  });
});
