// What stands between a user and a withdrawal, read fresh for every request: the lock after a
// password change or reset, a freeze from an e-mailed link, identity verification, and the limits
// in US dollars (one withdrawal; all of the last 24 hours that were not cancelled or failed).
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { WithdrawStatus } from "../../../contract/index.ts";
import { fromMinor } from "../../../contract/decimal.ts";
import { HOUR_MS, type WithdrawalsDeps } from "./deps.ts";
import { withdrawals, withdrawFreezes } from "./schema.ts";

/** The statuses that count toward the daily limit: held or on their way, or gone out. */
const COUNTED = ["queued", "broadcast", "confirming", "completed"] as const;

export interface Gates {
  lockedUntil: Date | null;
  frozen: boolean;
  frozenAt: Date | null;
  kycApproved: boolean;
  usedTodayCents: bigint;
}

/**
 * US cents withdrawn in the 24 hours before `at` (held, on their way or gone out); `db` may be a
 * transaction, so a confirmation counts what committed before it took the user's lock.
 */
export async function usedTodayCents(db: Pick<WithdrawalsDeps["db"], "select">, userId: string, at: Date): Promise<bigint> {
  const [used] = await db
    .select({ cents: sql<string>`coalesce(sum(${withdrawals.usdCents}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [...COUNTED]), gt(withdrawals.confirmedAt, new Date(at.getTime() - 24 * HOUR_MS))));
  return BigInt(used?.cents ?? "0");
}

export function createGuards({ db, env, now, kyc, passwordChangedAt }: Pick<WithdrawalsDeps, "db" | "env" | "now" | "kyc" | "passwordChangedAt">) {
  async function gates(userId: string): Promise<Gates> {
    const at = now();
    const [changed, [freeze], used, kycApproved] = await Promise.all([
      passwordChangedAt(userId),
      db.select({ at: withdrawFreezes.frozenAt }).from(withdrawFreezes).where(eq(withdrawFreezes.userId, userId)),
      usedTodayCents(db, userId, at),
      kyc.kycApproved(userId),
    ]);
    const until = changed ? new Date(changed.getTime() + env.WITHDRAW_PASSWORD_LOCK_HOURS * HOUR_MS) : null;
    return { lockedUntil: until && until > at ? until : null, frozen: !!freeze, frozenAt: freeze?.at ?? null, kycApproved, usedTodayCents: used };
  }

  return {
    gates,
    async status(userId: string): Promise<WithdrawStatus> {
      const g = await gates(userId);
      return {
        lockedUntil: g.lockedUntil?.toISOString() ?? null,
        frozen: g.frozen,
        frozenAt: g.frozenAt?.toISOString() ?? null,
        kycApproved: g.kycApproved,
        coolingOffHours: env.WITHDRAW_COOLING_OFF_HOURS,
        limits: { perWithdrawalUsd: String(env.WITHDRAW_MAX_USD), dailyUsd: String(env.WITHDRAW_DAILY_USD), usedTodayUsd: fromMinor(g.usedTodayCents, 2) },
        serverNow: now().toISOString(),
      };
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;
