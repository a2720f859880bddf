import pg from "pg";
import { BEGIN, END, WRITES_CHANNEL, WriteWatchers, type Notifications, type Unsubscribe } from "./changes.ts";
import { oneQueryAtATime } from "./one-at-a-time.ts";

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
