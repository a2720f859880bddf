import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../../server/platform/db/open.ts";

/** The PostgreSQL server the suite also runs against when DATABASE_URL is set. */
export const postgresUrl = process.env.DATABASE_URL;
export const expectedKind = postgresUrl ? "postgresql" : "pglite";

/** A new empty database on the DATABASE_URL server (or a copy of `template`), so test files never see each other's rows. */
export async function freshPostgresUrl(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error("DATABASE_URL is not set");
  const name = `sarraf_test_${randomBytes(6).toString("hex")}`;
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A new database on the DATABASE_URL server copied from the run's migrated template (global-setup.ts),
 * or made empty when there is none (a file run outside the server project).
 */
async function migratedPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject("postgresTemplate");
  return template ? freshPostgresUrl(template) : freshPostgresUrl();
}

/** A private in-memory PGlite, started from the run's migrated dump (global-setup.ts) when there is one. */
async function openPgliteTestDatabase(): Promise<Database> {
  const template = inject("pgliteTemplate");
  if (!template) return openDatabase({ memory: true });
  return openDatabase({ memory: true, from: new Blob([await readFile(template)]) });
}

/** A fresh, migrated database: in-memory PGlite, or a new database when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<Database> {
  if (!postgresUrl) return openPgliteTestDatabase();
  const { url, drop } = await migratedPostgresUrl();
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Two handles on one fresh database, as two server processes would hold: PostgreSQL gets two
 * connection pools; PGlite (one process only) shares its single handle.
 */
export async function openSharedTestDatabases(): Promise<[Database, Database, () => Promise<void>]> {
  if (!postgresUrl) {
    const database = await openPgliteTestDatabase();
    return [database, database, () => database.close()];
  }
  const { url, drop } = await migratedPostgresUrl();
  const first = await openDatabase({ databaseUrl: url });
  const second = await openDatabase({ databaseUrl: url });
  return [first, second, async () => (await first.close(), await second.close(), await drop())];
}
