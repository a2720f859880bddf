import type pg from "pg";

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * Makes a pg connection take one query at a time: a query asked for while another runs waits for
 * it (in order), here rather than in pg's own queue. pg 8 queues it with a deprecation warning and
 * pg 9 refuses it, and code reaches that easily: a `Promise.all` of reads inside a transaction runs
 * them on the transaction's one connection. They ran one after another before as well; only the
 * queue moves. A Submittable (a cursor, a stream) is passed straight on, as pg takes it.
 */
export function oneQueryAtATime(connection: pg.Client | pg.PoolClient): void {
  const query = connection.query.bind(connection) as AnyQuery;
  // Queries started and not answered, plus those waiting their turn.
  let pending = 0;
  // Settles when the last query asked for has been answered.
  let turn: Promise<void> = Promise.resolve();

  const start = (args: unknown[]): { returned: unknown; done: Promise<void> } => {
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    const finish = () => {
      pending--;
      answered();
    };
    const last = args.at(-1);
    let returned: unknown;
    try {
      if (typeof last === "function") {
        args[args.length - 1] = (...results: unknown[]) => {
          finish();
          (last as (...results: unknown[]) => void)(...results);
        };
        return { returned: query(...args), done };
      }
      returned = query(...args);
    } catch (error) {
      // Refused before it was sent (pg throws on a missing query): the next one must not wait for it.
      finish();
      throw error;
    }
    if (returned instanceof Promise) void returned.then(finish, finish);
    else finish();
    return { returned, done };
  };

  (connection as unknown as { query: AnyQuery }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof first?.submit === "function") return query(...args);

    if (pending++ === 0) {
      const now = start(args);
      turn = now.done;
      return now.returned;
    }
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    const previous = turn;
    turn = done;
    const returned = previous.then(() => {
      const now = start(args);
      void now.done.then(answered);
      return now.returned;
    });
    // Callback style answers through its callback; pg returns nothing then.
    return typeof args.at(-1) === "function" ? undefined : returned;
  };
}
