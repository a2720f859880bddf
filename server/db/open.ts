import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";
import { acquireDataDirLock } from "./lock.ts";

/** Both drivers share this type, so routes and helpers never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgresql";

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type OpenDatabaseOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  // For tests: a private in-memory PGlite, no folder and no lock.
  | { memory: true };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens the database, applies pending migrations, and (for a data folder) holds its lock until close(). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl);
  if ("memory" in options) return openPglite(new PGlite(), () => {});
  const release = acquireDataDirLock(options.dataDir);
  try {
    return await openPglite(new PGlite(join(options.dataDir, "pglite")), release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openPglite(client: PGlite, release: () => void): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: "pglite",
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  let ended = false;
  return {
    db,
    kind: "postgresql",
    close: async () => {
      if (ended) return;
      ended = true;
      await pool.end();
    },
  };
}
