// Migrations on PostgreSQL run once per deploy however many processes start at once (several
// workers, a rolling restart): each takes a session-level advisory lock on one connection before
// migrating, so the first migrates while the others wait, then find nothing left to apply. Without
// it, two starts both saw no migration applied and both ran them: the second failed on a table the
// first had just made. PGlite needs none (one process holds its folder: lock.ts).
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/** pg_advisory_lock's key, the same in every Sarraf process: the ASCII of "SARRAFMG" as a bigint. */
export const MIGRATION_LOCK_KEY = 0x5341_5252_4146_4d47n;

/**
 * Applies pending migrations on one connection of the pool while holding the advisory lock; waits
 * (without a time limit) while another process holds it. The lock belongs to the connection, so a
 * process that dies mid-migration releases it with its connection (its transaction rolls back).
 */
export async function migrateOnce(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query("SELECT pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query("SELECT pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After a failure the connection is closed rather than pooled: that surely ends its lock.
    connection.release(broken);
  }
}
