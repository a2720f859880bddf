import type { Logger as DrizzleLogger } from "drizzle-orm/logger";
import pg from "pg";
import { oneQueryAtATime } from "./one-at-a-time.ts";

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
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
// "rollback to savepoint" stays inside the transaction.
const END = /^\s*(?:commit|end|abort|rollback)\b(?!\s+to\b)/i;

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

class WriteWatchers {
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

// ---------------------------------------------------------------------------------------------
// PostgreSQL: several processes, each with a pool. Every pooled connection's query() is wrapped:
// a watched write fires locally when issued and again when it has committed (at once outside a
// transaction, at COMMIT/ROLLBACK inside one), and NOTIFYs WRITES_CHANNEL — inside the same
// transaction, so the other processes hear it exactly when it commits. One dedicated connection
// LISTENs for this process, reconnecting (with back-off) when it drops.

interface Subscriber {
  channel: string;
  onMessage(payload: string): void;
  onStatus?(listening: boolean): void;
  listening: boolean;
}

type AnyQuery = (...args: unknown[]) => unknown;

export function postgresNotifications(pool: pg.Pool, connectionString: string): Notifications {
  const watchers = new WriteWatchers();
  const subscribers = new Set<Subscriber>();
  let client: pg.Client | undefined;
  let listened = new Set<string>();
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  /** One NOTIFY per table, in one statement; never fails (a notice lost only costs a cache its shortcut). */
  const announce = (tables: readonly string[], query: AnyQuery): Promise<unknown> =>
    (query({ text: "select pg_notify($1, t) from unnest($2::text[]) as t", values: [WRITES_CHANNEL, tables] }) as Promise<unknown>).catch(() => {});

  pool.on("connect", (connection) => {
    const query = connection.query.bind(connection) as AnyQuery;
    let inTransaction = false;
    const uncommitted = new Set<string>();
    (connection as unknown as { query: AnyQuery }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: unknown; submit?: unknown } | undefined;
      const text = typeof first === "string" ? first : typeof first?.text === "string" ? first.text : undefined;
      if (text === undefined) return query(...args);
      const begins = BEGIN.test(text);
      const ends = END.test(text);
      const tables = watchers.written(text);
      if (!begins && !ends && tables.length === 0) return query(...args);

      if (begins) inTransaction = true;
      const inside = inTransaction && !ends;
      if (tables.length > 0) {
        watchers.fire(tables);
        if (inside) for (const table of tables) uncommitted.add(table);
      }
      const settled = () => {
        if (ends) {
          inTransaction = false;
          const ended = [...uncommitted];
          uncommitted.clear();
          // Committed (the NOTIFY went with it) or rolled back: either way, read again from now on.
          watchers.fire(ended);
        } else if (tables.length > 0 && !inside) {
          watchers.fire(tables);
          void announce(tables, (...notify) => pool.query(...(notify as [pg.QueryConfig])));
        }
      };

      // Inside a transaction the NOTIFY goes on the same connection, so it commits with the write.
      // It is sent once the statement has answered and before the caller hears it: a connection runs
      // one query at a time (pg 8 queues a second with a deprecation warning; pg 9 refuses it).
      const notifies = inside && tables.length > 0;
      const last = args.at(-1);
      if (typeof last === "function") {
        args[args.length - 1] = (error: unknown, ...results: unknown[]) => {
          const answer = () => {
            settled();
            (last as (...results: unknown[]) => void)(error, ...results);
          };
          if (notifies && !error) void announce(tables, query).then(answer);
          else answer();
        };
        return query(...args);
      }
      const returned = query(...args);
      if (!(returned instanceof Promise)) {
        settled(); // a Submittable: no completion to wait for
        return returned;
      }
      if (!notifies) {
        returned.then(settled, settled);
        return returned;
      }
      return returned.then(
        async (result: unknown) => {
          await announce(tables, query);
          settled();
          return result;
        },
        (error: unknown) => {
          settled();
          throw error;
        },
      );
    };
  });

  function markAll(listening: boolean, channel?: string) {
    for (const subscriber of [...subscribers]) {
      if (subscriber.listening === listening || (channel !== undefined && subscriber.channel !== channel)) continue;
      if (listening && !listened.has(subscriber.channel)) continue;
      subscriber.listening = listening;
      subscriber.onStatus?.(listening);
    }
  }

  async function listenOn(connection: pg.Client, channel: string) {
    await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
    if (client === connection) listened.add(channel);
  }

  function lost(connection: pg.Client) {
    if (client !== connection) return;
    client = undefined;
    listened = new Set();
    connection.removeAllListeners("notification");
    void connection.end().catch(() => {});
    markAll(false);
    watchers.fireAll();
    if (closed) return;
    const delay = Math.min(5_000, 100 * 2 ** failures++);
    retry = setTimeout(connect, delay);
    retry.unref();
  }

  async function connect() {
    retry = undefined;
    if (closed || client || subscribers.size === 0) return;
    const connection = new pg.Client({ connectionString });
    // A channel added while another's LISTEN is under way must wait its turn.
    oneQueryAtATime(connection);
    client = connection;
    connection.on("notification", ({ channel, payload }) => {
      for (const subscriber of [...subscribers]) if (subscriber.channel === channel) subscriber.onMessage(payload ?? "");
    });
    connection.on("error", () => lost(connection));
    connection.on("end", () => lost(connection));
    try {
      await connection.connect();
      // Channels may be added while this runs: loop until every one is listened to.
      for (;;) {
        const missing = [...new Set([...subscribers].map((s) => s.channel))].filter((channel) => !listened.has(channel));
        if (missing.length === 0 || client !== connection) break;
        for (const channel of missing) await listenOn(connection, channel);
      }
      if (client !== connection) return;
      failures = 0;
      markAll(true);
      // Anything written while nobody listened is unknown: watchers start over.
      watchers.fireAll();
    } catch {
      lost(connection);
    }
  }

  function listen(channel: string, onMessage: (payload: string) => void, onStatus?: (listening: boolean) => void): Unsubscribe {
    const subscriber: Subscriber = { channel, onMessage, onStatus, listening: false };
    subscribers.add(subscriber);
    if (!closed) {
      if (!client && !retry) void connect();
      else if (client && listened.size > 0 && !listened.has(channel)) {
        const connection = client;
        listenOn(connection, channel).then(
          () => markAll(true, channel),
          () => lost(connection),
        );
      } else if (client && listened.has(channel)) markAll(true, channel);
    }
    return () => {
      subscribers.delete(subscriber);
    };
  }

  let writesHeard: Unsubscribe | undefined;
  return {
    listen,
    watchWrites(table, onWrite, options) {
      writesHeard ??= listen(WRITES_CHANNEL, (written) => watchers.fire([written]));
      return watchers.add(table, onWrite, options);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      markAll(false);
      subscribers.clear();
      if (connection) await connection.end().catch(() => {});
    },
  };
}
