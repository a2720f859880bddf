import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../../server/platform/db/open.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump (dumpDataDir) of a migrated PGlite, which each test file's database starts from. */
    pgliteTemplate: string;
    /** A migrated database on the DATABASE_URL server, which each test file's database is copied from. */
    postgresTemplate: string;
    /** A migrated PGlite data folder, for tests of a real server process on a folder to copy (test-db.ts's migratedDataDir). */
    pgliteTemplateDir: string;
    /** The run's own temporary folder (temp-dir.ts), removed when the run ends, whatever a file left in it. */
    testTempRoot: string;
  }
}

// Each server test file gets a database of its own. Made from nothing, that costs initdb and every
// migration (PGlite: ~4 s alone, 10–13 s on a loaded machine, times ~50 files); copied from one
// migrated once per run it costs well under half of that. The copy is still migrated on opening
// (nothing to apply), so a test sees exactly what `openDatabase` gives the product.
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), "sarraf-server-run-"));
  project.provide("testTempRoot", root);
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  const postgresUrl = process.env.DATABASE_URL;
  if (postgresUrl) {
    const name = `sarraf_template_${randomBytes(6).toString("hex")}`;
    await admin(postgresUrl, `CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
    await (await openDatabase({ databaseUrl: url.toString() })).close();
    project.provide("postgresTemplate", name);
    return async () => {
      removeRoot();
      await admin(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(join(root, "template-"));
  // Migrated once, in a data folder as the product keeps it: copied whole for a server process,
  // dumped for the in-memory databases of the other files.
  const folder = join(dir, "data");
  const database = await openDatabase({ dataDir: folder });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const file = join(dir, "pglite.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("pgliteTemplateDir", folder);
  return removeRoot;
}

async function admin(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
