import { sql } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Per table of the database (every module's, found in the catalog rather than listed), how many of
 * its rows were inserted, deleted or changed since the fingerprinter was first installed: the
 * before/after proof that a request changed nothing.
 *
 * Row triggers in the test database write one line per changed row to a log in a schema of its own
 * (an update counts only when the row differs afterwards; a rolled-back transaction leaves no line).
 * Hashing every table's rows around every request did the same, but its cost grew with every table
 * and row the product gained (the property test's 6,500 requests spent most of their time there).
 * The log is append-only, so concurrent writers never wait on it.
 */
export async function tableFingerprinter(database: Database): Promise<{ tables: string[]; take(): Promise<Map<string, string>> }> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).map((row) => row.name);
  await database.db.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS test_fingerprint`));
  await database.db.execute(sql.raw(`CREATE TABLE IF NOT EXISTS test_fingerprint.writes (id bigserial PRIMARY KEY, t text NOT NULL)`));
  await database.db.execute(
    sql.raw(
      `CREATE OR REPLACE FUNCTION test_fingerprint.log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO test_fingerprint.writes (t) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`,
    ),
  );
  for (const table of tables) {
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE TRIGGER test_fingerprint_rows AFTER INSERT OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION test_fingerprint.log()`),
    );
    await database.db.execute(
      sql.raw(
        `CREATE OR REPLACE TRIGGER test_fingerprint_changes AFTER UPDATE ON "${table}" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION test_fingerprint.log()`,
      ),
    );
  }
  const query = sql.raw(`SELECT t, count(*) AS n FROM test_fingerprint.writes GROUP BY t`);
  return {
    tables,
    take: async () => {
      const written = new Map(rowsOf<{ t: string; n: string | number }>(await database.db.execute(query)).map((row) => [row.t, String(row.n)]));
      return new Map(tables.map((table) => [table, written.get(table) ?? "0"]));
    },
  };
}

/** The tables whose fingerprint differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([table, print]) => before.get(table) !== print).map(([table]) => table);
