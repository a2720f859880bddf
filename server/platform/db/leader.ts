// Background jobs (the on-ramp's reconciler and sandbox ticks, the KYC sandbox's reviews, the
// withdrawal network's passes, the ledger's hold expiry, pruning) run in one process however many
// share the PostgreSQL database: the one holding a session-level advisory lock on a connection of
// its own. The others try again every LEADER.retryMs and take over once the holder's connection
// ends (a dead process's socket closes at once; a vanished machine's session is ended by
// PostgreSQL after LEADER.idleSessionMs without the holder's heartbeat). PGlite is one process:
// it always leads.
import pg from "pg";
import { errorFields, type Logger } from "../logging/logger.ts";

/** The lock's key, the same in every Sarraf process: the ASCII of "SARRAFJB" as a bigint. */
export const LEADER_LOCK_KEY = 0x5341_5252_4146_4a42n;

export const LEADER = {
  /** A follower's try, and the holder's heartbeat (which also notices a lost connection). */
  retryMs: 5_000,
  /** PostgreSQL ends the holder's session after this long without a heartbeat (idle_session_timeout). */
  idleSessionMs: 15_000,
} as const;

export interface Leadership {
  /** Whether this process runs the background jobs now. */
  readonly leading: boolean;
  /** Ends the lease (and the jobs, through `resign`); another process takes over at its next try. */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** PostgreSQL; without it (PGlite) this process leads at once. */
  databaseUrl?: string;
  logger: Logger;
  /** Starts the jobs when this process becomes the leader. */
  lead: () => void;
  /** Stops them (awaiting the pass under way) when it no longer is. */
  resign: () => Promise<void>;
  retryMs?: number;
}

export function startLeadership({ databaseUrl, logger, lead, resign, retryMs = LEADER.retryMs }: LeadershipOptions): Leadership {
  let leading = false;
  let stopped = false;
  if (!databaseUrl) {
    leading = true;
    lead();
    return {
      get leading() {
        return leading;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        leading = false;
        await resign();
      },
    };
  }

  let client: pg.Client | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let turn: Promise<void> = Promise.resolve();
  let standbyLogged = false;

  const drop = async () => {
    const old = client;
    client = null;
    if (leading) {
      leading = false;
      if (stopped) logger.info("jobs.resigned", { pid: process.pid });
      else logger.warn("jobs.leaseLost", { pid: process.pid });
      await resign();
    }
    // Ending the connection ends the session, and with it the lock (if it was held).
    await old?.end().catch(() => {});
  };

  const attempt = async () => {
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, query_timeout: retryMs, application_name: "sarraf-leader" });
        next.on("error", () => {}); // seen by the next heartbeat or try, which fails
        client = next;
        await next.connect();
        // A holder that vanishes without closing its socket is ended by PostgreSQL (14+) after this.
        await next.query(`SET idle_session_timeout = ${LEADER.idleSessionMs}`).catch(() => {});
      }
      if (leading) {
        await client.query("SELECT 1");
        return;
      }
      const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [LEADER_LOCK_KEY.toString()]);
      if (stopped) return;
      if (rows[0]?.ok) {
        leading = true;
        standbyLogged = false;
        logger.info("jobs.leading", { pid: process.pid });
        lead();
      } else if (!standbyLogged) {
        standbyLogged = true;
        logger.info("jobs.standby", { pid: process.pid, retryMs });
      }
    } catch (error) {
      logger.warn("jobs.leaseFailed", errorFields(error));
      await drop();
    }
  };

  const schedule = () => {
    if (stopped) return;
    turn = attempt();
    void turn.finally(() => {
      if (!stopped) timer = setTimeout(schedule, retryMs).unref();
    });
  };
  schedule();

  return {
    get leading() {
      return leading;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      await turn;
      await drop();
    },
  };
}
