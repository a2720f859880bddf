// A throwaway database on the PostgreSQL server a benchmark is pointed at (DATABASE_URL).
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Creates an empty database on that server, answers its URL, and queues its removal in `cleanups`. */
export async function temporaryPostgresDatabase(serverUrl: string, cleanups: (() => Promise<void> | void)[]): Promise<string> {
  const name = `sarraf_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
