// A freeze of an account's withdrawals, from a link in a withdrawal or address e-mail
// (pages.ts), seen and lifted by support: `npm run ops:withdrawals -- status|unfreeze <email>`
// (scripts/ops-withdrawals.ts). Lifting deletes the freeze and e-mails the user, once: a second
// lift finds nothing to delete and sends nothing.
import { count, eq } from "drizzle-orm";
import type { WithdrawalStatus } from "../../../contract/index.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import { withdrawMails, type WithdrawMails } from "./mail.ts";
import { withdrawals, withdrawFreezes } from "./schema.ts";

export interface FreezeStatus {
  /** Since when withdrawals are frozen; null when they are not. */
  frozenAt: Date | null;
  /** How many of the user's withdrawals are in each status (none listed: none). */
  withdrawals: Partial<Record<WithdrawalStatus, number>>;
}

export function createFreezes(s: Pick<WithdrawalsDeps, "db" | "logger">, mails: Pick<WithdrawMails, "unfrozen">) {
  return {
    async status(userId: string): Promise<FreezeStatus> {
      const [[freeze], counted] = await Promise.all([
        s.db.select({ at: withdrawFreezes.frozenAt }).from(withdrawFreezes).where(eq(withdrawFreezes.userId, userId)),
        s.db.select({ status: withdrawals.status, n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)).groupBy(withdrawals.status),
      ]);
      return { frozenAt: freeze?.at ?? null, withdrawals: Object.fromEntries(counted.map((row) => [row.status, Number(row.n)])) };
    },

    /** Lifts the freeze and tells the user; answers since when it was frozen, or null when it was not. */
    async lift(userId: string): Promise<Date | null> {
      const [lifted] = await s.db.delete(withdrawFreezes).where(eq(withdrawFreezes.userId, userId)).returning({ at: withdrawFreezes.frozenAt });
      if (!lifted) return null;
      s.logger.warn("withdraw.unfrozen", { userId });
      await mails.unfrozen(userId);
      return lifted.at;
    },
  };
}

export type Freezes = ReturnType<typeof createFreezes>;

/** The freezes as an operator's command uses them, with their own mail (outside the server). */
export const operatorFreezes = (s: Parameters<typeof withdrawMails>[0]) => createFreezes(s, withdrawMails(s));
