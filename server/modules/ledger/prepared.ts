// A statement with one text parameter, parsed and planned once per connection instead of on every
// call: planning the transfer statement costs more than running it (on PGlite, about 3 ms of a
// 4 ms call). node-postgres prepares a named statement on each pooled connection by itself.
// PGlite has one session but no named statements in its API, so the statement is PREPAREd in SQL
// once and run with EXECUTE, its parameter written as a literal.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { PgliteSession } from "drizzle-orm/pglite";
import type { Db } from "../../platform/db/open.ts";
import type { Tx } from "./changes.ts";

type Executor = Db | Tx;

/** PGlite clients, each with the names prepared on its one session and how often each ran since. */
const preparedOn = new WeakMap<object, Map<string, number>>();

/**
 * PostgreSQL plans a prepared statement again when autovacuum's statistics change; PGlite runs no
 * autovacuum, so a plan made while the tables were small would be kept as they grow. It is prepared
 * afresh after this many runs instead.
 */
const RUNS_PER_PLAN = 10_000;

/** Whether the database is PGlite: one session, statements run one after another. */
export const onPglite = (db: Db): boolean => db._.session instanceof PgliteSession;

/**
 * A string as an SQL literal. E'' reads backslash escapes whatever standard_conforming_strings
 * says, so doubling backslashes and quotes leaves nothing to interpret; the callers pass JSON,
 * in which control characters (NUL included) are already escaped.
 */
export function literal(value: string): string {
  if (value.includes("\0")) throw new Error("NUL in an SQL literal");
  return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/**
 * Runs `text` (whose one parameter is `$1`, of `type`) with `value`, on the database `root` or in
 * one of its transactions. `comment` follows the EXECUTE on PGlite, so that the platform's write
 * watching, which reads statements' text, still sees which tables it writes.
 */
export function preparedStatement(root: Db, label: string, text: string, type: string, comment: string) {
  const name = `${label}_${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
  if (/\$(prepare|statement)\$/.test(text)) throw new Error("the statement's text holds a quoting tag of ready()");
  const client = (root as unknown as { $client: object }).$client;
  const pglite = onPglite(root);

  /**
   * Prepares it on PGlite's session (again, after RUNS_PER_PLAN runs): one statement, so it runs
   * alone and two callers cannot both prepare it; through `executor`, which holds the session in a
   * transaction. A prepared statement is the session's, whether its transaction commits or not.
   */
  async function ready(executor: Executor): Promise<void> {
    let runs = preparedOn.get(client);
    if (!runs) preparedOn.set(client, (runs = new Map()));
    const count = runs.get(name);
    if (count !== undefined && count < RUNS_PER_PLAN) {
      runs.set(name, count + 1);
      return;
    }
    await executor.execute(
      sql.raw(
        `DO $prepare$ BEGIN IF EXISTS (SELECT FROM pg_prepared_statements WHERE name = '${name}') THEN EXECUTE 'DEALLOCATE ${name}'; END IF; ` +
          `EXECUTE $statement$PREPARE ${name}(${type}) AS ${text}$statement$; END $prepare$`,
      ),
    );
    runs.set(name, 1);
  }

  return async function run<Row>(executor: Executor, value: string): Promise<Row[]> {
    if (pglite) {
      await ready(executor);
      const result = await executor.execute(sql.raw(`EXECUTE ${name}(${literal(value)}) -- ${comment}`));
      return (result as unknown as { rows: Row[] }).rows;
    }
    const query = executor._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
      { sql: text, params: [value] },
      undefined,
      name,
      false,
    );
    return (await query.execute()).rows;
  };
}
