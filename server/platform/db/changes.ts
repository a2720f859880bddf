import type { Logger as DrizzleLogger } from "drizzle-orm/logger";

/**
 * Two facilities for in-memory caches of database rows, on both drivers:
 *
 * - LISTEN/NOTIFY: `listen(channel, …)` hears every `pg_notify(channel, payload)` that commits,
 *   from this process or any other sharing the database.
 * - Write watching: `watchWrites(table, …)` hears every statement that may change or delete
 *   existing rows of a table, whoever issues it through this handle (routes included), at once
 *   and again when its transaction has ended; on PostgreSQL the statement's transaction also
 *   NOTIFYs the other processes, which hear it the moment it commits.
 *
 * Statements are recognised by their text, conservatively: one that names the table and contains
 * UPDATE, DELETE, MERGE, TRUNCATE, ALTER or DROP counts as a write (a SELECT … FOR UPDATE too:
 * a spare invalidation is harmless). A plain INSERT adds rows without touching existing ones, so
 * it does not count (unless the watcher asks for inserts too); INSERT … ON CONFLICT DO UPDATE does. Writes made outside this code (psql, a
 * process running an older version) are not seen: caches must still expire by themselves.
 *
 * This file has the shared part and PGlite's; PostgreSQL's is changes-postgres.ts.
 */

export type Unsubscribe = () => void;

export interface Notifications {
  /**
   * Calls `onMessage` for each payload sent on `channel` once its transaction commits. `onStatus`
   * says whether messages are being heard: false while the listening connection is down (messages
   * sent meanwhile are lost), true once it listens again. It is called with true once listening starts.
   */
  listen(channel: string, onMessage: (payload: string) => void, onStatus?: (listening: boolean) => void): Unsubscribe;
  /**
   * Calls `onWrite` when a statement that may change or delete rows of `table` runs (see above).
   * Writes by other processes arrive over the listening connection; while it is down they are
   * lost, so `onWrite` is also called when it goes down and when it comes back.
   */
  watchWrites(table: string, onWrite: () => void, options?: WatchOptions): Unsubscribe;
  close(): Promise<void>;
}

/** inserts: a plain INSERT into the table counts too (for caches of lists that a new row changes). */
export interface WatchOptions {
  inserts?: boolean;
}

/** The channel on which PostgreSQL processes tell each other which table they wrote. */
export const WRITES_CHANNEL = "sarraf_table_writes";

const MAY_CHANGE_ROWS = /\b(?:update|delete|merge|truncate|alter|drop)\b/i;
const INSERTS = /\binsert\b/i;
export const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
// "rollback to savepoint" stays inside the transaction.
export const END = /^\s*(?:commit|end|abort|rollback)\b(?!\s+to\b)/i;

const names = new Map<string, RegExp>();
const naming = (table: string) => {
  let pattern = names.get(table);
  if (!pattern) names.set(table, (pattern = new RegExp(`(?<![\\w$])${table.replace(/\W/g, "\\$&")}(?![\\w$])`, "i")));
  return pattern;
};

/** The watched tables a statement may change rows of (see the module comment). */
export function tablesWritten(text: string, watched: Iterable<string>, insertsCount: ReadonlySet<string> = new Set()): string[] {
  if (!MAY_CHANGE_ROWS.test(text)) watched = insertsCount.size > 0 && INSERTS.test(text) ? insertsCount : [];
  return [...watched].filter((table) => naming(table).test(text));
}

/** The write watchers of one handle: who hears a write to which table. */
export class WriteWatchers {
  readonly byTable = new Map<string, Set<() => void>>();
  readonly #inserting = new Map<string, Set<() => void>>();
  readonly #insertTables = new Set<string>();

  add(table: string, onWrite: () => void, { inserts = false }: WatchOptions = {}): Unsubscribe {
    const set = this.byTable.get(table) ?? new Set();
    this.byTable.set(table, set.add(onWrite));
    if (inserts) {
      this.#inserting.set(table, (this.#inserting.get(table) ?? new Set()).add(onWrite));
      this.#insertTables.add(table);
    }
    return () => {
      set.delete(onWrite);
      if (set.size === 0) this.byTable.delete(table);
      const inserting = this.#inserting.get(table);
      if (inserting?.delete(onWrite) && inserting.size === 0) {
        this.#inserting.delete(table);
        this.#insertTables.delete(table);
      }
    };
  }

  written(text: string): string[] {
    return this.byTable.size === 0 ? [] : tablesWritten(text, this.byTable.keys(), this.#insertTables);
  }

  fire(tables: Iterable<string>): void {
    for (const table of tables) for (const onWrite of [...(this.byTable.get(table) ?? [])]) onWrite();
  }

  fireAll(): void {
    this.fire([...this.byTable.keys()]);
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite: one process (the data-folder lock), one connection, and every statement and
// transaction runs alone. A write seen as it is issued therefore invalidates exactly: nothing
// can read between it and its commit, and nothing read before it can be cached after it
// (callers compare a generation counter, bumped by onWrite, before and after their read).

export interface PgliteNotifications extends Notifications {
  /** Pass to drizzle({ logger }): it sees every statement drizzle issues, in transactions too. */
  statementLogger: DrizzleLogger;
}

export interface PgliteLike {
  closed: boolean;
  listen(channel: string, callback: (payload: string) => void): Promise<(() => Promise<void>) | unknown>;
}

export function pgliteNotifications(client: PgliteLike): PgliteNotifications {
  const watchers = new WriteWatchers();
  return {
    statementLogger: {
      logQuery(query) {
        const tables = watchers.written(query);
        if (tables.length > 0) watchers.fire(tables);
      },
    },
    listen(channel, onMessage, onStatus) {
      let stopped = false;
      let stop: (() => Promise<void>) | undefined;
      client
        .listen(channel, (payload) => !stopped && onMessage(payload))
        .then(
          (unlisten) => {
            stop = unlisten as () => Promise<void>;
            if (stopped) void stop().catch(() => {});
            else onStatus?.(true);
          },
          () => onStatus?.(false),
        );
      return () => {
        stopped = true;
        if (stop && !client.closed) void stop().catch(() => {});
      };
    },
    watchWrites: (table, onWrite, options) => watchers.add(table, onWrite, options),
    close: async () => {},
  };
}
