import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { authAttempts } from "./schema.ts";
import type { RoutesWithReason } from "../../../contract/index.ts";
import type { ApiError } from "../../platform/http/envelope.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { KEY_SPACE, lockKeys } from "./key-locks.ts";
import { ACCOUNT_LIMITS, ATTEMPTS, type AccountLimit, type AttemptAction } from "./limits.ts";
import { rateLimited, waitForWindow } from "./rate-limited.ts";

export type { AttemptAction };

export interface AttemptInput {
  action: AttemptAction;
  /** The e-mail the guess is for (lower-cased), whether or not it has an account. */
  account: string;
  address: string;
  now: Date;
}

export interface Attempt {
  /**
   * Runs the guess's check and records how it ended: `succeeded(result)` true or false. A check
   * that throws was no guess: its row is dropped, and the error goes on.
   */
  check<T>(run: () => Promise<T>, succeeded: (result: T) => boolean): Promise<T>;
}

/** The route each kind of guess is made on: its refusals must be ones that route documents. */
const routeOf = {
  login: "login",
  verifyotp: "verifyOtp",
  resetpassword: "resetPassword",
  changepassword: "changePassword",
  signup: "signup",
} as const satisfies Record<AttemptAction, RoutesWithReason<"rateLimited">>;

interface Standing {
  /** Settled failures in the window (per account: only those after its latest success). */
  failures: number;
  /** Guesses admitted before this one and not settled yet (ignoring stale ones). */
  pendingAhead: number;
}

interface Subject {
  match: SQL;
  limit: number;
  /** Per account: the failures that count are those after this admission (the latest success). */
  after?: SQL;
}

/**
 * Admits a guess before it is checked (see ATTEMPTS in limits.ts): refused with 429 when the
 * address has used up its failures, with 403 codeRequired (login) or 429 when the account has;
 * held back while the guesses pending ahead of it could still use up what is left.
 */
export async function beginAttempt(db: Db, input: AttemptInput): Promise<Attempt> {
  const { action, account, address, now } = input;
  const rule = ACCOUNT_LIMITS[action];
  const subjects = {
    address: { match: and(eq(authAttempts.action, action), eq(authAttempts.address, address))!, limit: ATTEMPTS.failuresPerAddress },
    account: rule ? accountSubject(action, account, rule) : undefined,
  };

  // Counting and the insert happen under both keys' locks, so every guess sees all those admitted
  // before it, and its seq orders it after them.
  const admitted = await db.transaction(async (tx) => {
    await lockKeys(tx, { [KEY_SPACE.attemptAccount]: `${action}:${account}`, [KEY_SPACE.attemptAddress]: `${action}:${address}` });
    const standings = await standingsOf(tx, subjects, now);
    const refusal = await refusalOf(tx, subjects, standings, input, rule);
    if (refusal) return { refusal };
    const [row] = await tx
      .insert(authAttempts)
      .values({ action, account, address, at: now, state: "pending" })
      .returning({ id: authAttempts.id, seq: authAttempts.seq });
    return { row: row!, standings };
  });
  if ("refusal" in admitted) throw admitted.refusal;
  const { row } = admitted;
  let { standings } = admitted;

  const drop = () => db.delete(authAttempts).where(eq(authAttempts.id, row.id));
  const deadline = performance.now() + ATTEMPTS.queueWaitMs;
  while (mustWait(subjects, standings)) {
    if (performance.now() >= deadline) {
      // The guesses ahead did not settle in time (a slow or stuck check): try again in a moment.
      await drop();
      throw rateLimited(routeOf[action], 0);
    }
    await sleep(ATTEMPTS.pollMs);
    standings = await standingsOf(db, subjects, now, row.seq);
    const refusal = await refusalOf(db, subjects, standings, input, rule);
    if (refusal) {
      await drop();
      throw refusal;
    }
  }

  const settle = (state: "failed" | "succeeded") =>
    db
      .update(authAttempts)
      .set({ state })
      .where(and(eq(authAttempts.id, row.id), eq(authAttempts.state, "pending")));
  return {
    async check(run, succeeded) {
      let result;
      try {
        result = await run();
      } catch (error) {
        await drop();
        throw error;
      }
      await settle(succeeded(result) ? "succeeded" : "failed");
      return result;
    },
  };
}

function accountSubject(action: AttemptAction, account: string, rule: AccountLimit): Subject {
  const latestSuccess = sql`(select coalesce(max(${authAttempts.seq}), 0) from ${authAttempts} where ${and(
    eq(authAttempts.account, account),
    eq(authAttempts.state, "succeeded"),
    inArray(authAttempts.action, [...rule.clearedBy]),
  )})`;
  return {
    match: and(eq(authAttempts.action, action), eq(authAttempts.account, account))!,
    limit: ATTEMPTS.failuresPerAccount,
    after: sql`${authAttempts.seq} > ${latestSuccess}`,
  };
}

type Subjects = { address: Subject; account: Subject | undefined };
type Standings = { address: Standing; account: Standing | undefined };

/** Failures in the window and guesses pending ahead of `seq` (all pending ones for a guess not yet admitted). */
async function standingOf(db: Db, subject: Subject, now: Date, seq?: number): Promise<Standing> {
  // Raw SQL binds no column encoder: timestamps go as ISO strings, cast.
  const since = sql`${new Date(now.getTime() - ATTEMPTS.windowMs).toISOString()}::timestamptz`;
  const fresh = sql`${new Date(now.getTime() - ATTEMPTS.pendingStaleMs).toISOString()}::timestamptz`;
  const ahead = seq === undefined ? sql`true` : sql`${authAttempts.seq} < ${seq}`;
  const [row] = await db
    .select({
      failures: sql<number>`count(*) filter (where ${authAttempts.state} = 'failed' and ${authAttempts.at} > ${since})`.mapWith(Number),
      pendingAhead: sql<number>`count(*) filter (where ${authAttempts.state} = 'pending' and ${authAttempts.at} > ${fresh} and ${ahead})`.mapWith(Number),
    })
    .from(authAttempts)
    .where(and(subject.match, subject.after));
  return row ?? { failures: 0, pendingAhead: 0 };
}

async function standingsOf(db: Db, subjects: Subjects, now: Date, seq?: number): Promise<Standings> {
  const [address, account] = await Promise.all([
    standingOf(db, subjects.address, now, seq),
    subjects.account ? standingOf(db, subjects.account, now, seq) : undefined,
  ]);
  return { address, account };
}

function mustWait(subjects: Subjects, { address, account }: Standings): boolean {
  const full = (subject: Subject | undefined, standing: Standing | undefined) =>
    !!subject && !!standing && standing.failures + standing.pendingAhead >= subject.limit;
  return full(subjects.address, address) || full(subjects.account, account);
}

/** The answer for a guess that may not be checked at all, or null. The address's limit is told first. */
async function refusalOf(db: Db, subjects: Subjects, standings: Standings, input: AttemptInput, rule: AccountLimit | null): Promise<ApiError | null> {
  const route = routeOf[input.action];
  if (standings.address.failures >= subjects.address.limit) return rateLimited(route, await waitFor(db, subjects.address, input.now));
  if (!rule || !subjects.account || !standings.account || standings.account.failures < subjects.account.limit) return null;
  // 403 codeRequired: the account's password login is closed until its owner signs in by e-mail
  // code. Only login documents it, so only a login can be told so.
  if (rule.whenReached === "codeRequired" && route === "login") return refuse(route, "codeRequired", { email: input.account });
  return rateLimited(route, await waitFor(db, subjects.account, input.now));
}

/** Until the failure `limit` places back leaves the window, when one more may be checked. */
async function waitFor(db: Db, subject: Subject, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ATTEMPTS.windowMs);
  const [nth] = await db
    .select({ at: authAttempts.at })
    .from(authAttempts)
    .where(and(subject.match, subject.after, eq(authAttempts.state, "failed"), gt(authAttempts.at, since)))
    .orderBy(desc(authAttempts.at))
    .offset(subject.limit - 1)
    .limit(1);
  return waitForWindow(nth?.at, ATTEMPTS.windowMs, now);
}
