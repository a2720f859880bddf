import { sql } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Per table of the database (every module's, found in the catalog rather than listed), its row
 * count and a hash of all its rows in a stable order: the before/after proof that a request
 * changed nothing. One query, so it is cheap enough to take around every request of a small
 * test database.
 */
export async function tableFingerprinter(database: Database): Promise<{ tables: string[]; take(): Promise<Map<string, string>> }> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).map((row) => row.name);
  const query = sql.raw(
    tables
      .map((table) => `SELECT '${table}' AS t, count(*) AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM "${table}" x`)
      .join(" UNION ALL "),
  );
  return {
    tables,
    take: async () =>
      new Map(rowsOf<{ t: string; n: string | number; h: string }>(await database.db.execute(query)).map((row) => [row.t, `${row.n}:${row.h}`])),
  };
}

/** The tables whose fingerprint differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([table, print]) => before.get(table) !== print).map(([table]) => table);
