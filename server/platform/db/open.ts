import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { pgliteNotifications, type Notifications } from "./changes.ts";
import { postgresNotifications } from "./changes-postgres.ts";
import { acquireDataDirLock } from "./lock.ts";
import { migrateOnce } from "./migrate.ts";
import { oneQueryAtATime } from "./one-at-a-time.ts";

/** Both drivers share this type, so routes and helpers never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * Queries name their tables (each module's schema.ts), so drizzle gets no tables of ours. It
 * gets a schema object all the same: it hands that object to every transaction on the handle,
 * which is how a transaction is traced back to its database (`db._.schema`, used by the auth
 * module's session cache).
 */
const NO_TABLES = {};
export type DatabaseKind = "pglite" | "postgresql";

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** LISTEN/NOTIFY across every process sharing the database (see changes.ts). */
  listen: Notifications["listen"];
  /** Hears statements that may change rows of a table, from this process or others (see changes.ts). */
  watchWrites: Notifications["watchWrites"];
}

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolMax?: number }
  | { dataDir: string }
  // For tests: a private in-memory PGlite, no folder and no lock; `from` a dump of a migrated
  // one (dumpDataDir) skips initdb and the migrations, seconds per test file.
  | { memory: true; from?: Blob };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens the database, applies pending migrations, and (for a data folder) holds its lock until close(). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl, options.poolMax);
  if ("memory" in options) return openPglite(new PGlite(options.from ? { loadDataDir: options.from } : {}), () => {});
  const release = acquireDataDirLock(options.dataDir);
  try {
    return await openPglite(new PGlite(join(options.dataDir, "pglite")), release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openPglite(client: PGlite, release: () => void): Promise<Database> {
  const notifications = pgliteNotifications(client);
  const db = drizzlePglite({ client, schema: NO_TABLES, logger: notifications.statementLogger });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: "pglite",
    listen: notifications.listen,
    watchWrites: notifications.watchWrites,
    close: async () => {
      try {
        await notifications.close();
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server ends (a restart, a failover, an administrator, or a database
  // dropped just after pool.end(), which does not wait for its connections to close) is removed
  // by the pool, which then emits "error": unheard, that would end the process. The next query
  // simply opens another connection.
  pool.on("error", () => {});
  // Before the first connection, so every pooled connection reports its writes.
  const notifications = postgresNotifications(pool, connectionString);
  // After the notices' wrapper, so it wraps that: a transaction's NOTIFY keeps its statement's turn.
  pool.on("connect", oneQueryAtATime);
  const db = drizzlePg({ client: pool, schema: NO_TABLES });
  try {
    // Once across every process starting now (migrate.ts).
    await migrateOnce(pool, migrationsFolder);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let ended = false;
  return {
    db,
    kind: "postgresql",
    listen: notifications.listen,
    watchWrites: notifications.watchWrites,
    close: async () => {
      if (ended) return;
      ended = true;
      await notifications.close();
      await pool.end();
    },
  };
}
