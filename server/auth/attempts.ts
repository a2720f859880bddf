import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { authAttempts } from "../db/schema.ts";
import { ATTEMPTS } from "./limits.ts";
import { rateLimited, waitForWindow } from "./rate-limited.ts";

/** Each kind of guess has its own budget: password, sign-in code, reset code, current password. */
export type AttemptAction = "login" | "verifyotp" | "resetpassword" | "changepassword";

export interface Attempt {
  /** The guess was right: it stops counting as a failure. */
  succeeded(): Promise<void>;
}

/**
 * Records a guess before it is checked, or throws 429 when the account or the address has
 * used up its failures in the window. Inserting first, then counting the others, means
 * concurrent guesses see each other, so a burst cannot slip past the limit.
 */
export async function beginAttempt(
  db: Db,
  { action, account, address, now }: { action: AttemptAction; account: string; address: string; now: Date },
): Promise<Attempt> {
  const [row] = await db.insert(authAttempts).values({ action, account, address, at: now }).returning({ id: authAttempts.id });
  const id = row!.id;
  const since = new Date(now.getTime() - ATTEMPTS.windowMs);
  const failure = (subject: ReturnType<typeof eq>, limit: number) =>
    db
      .select({ at: authAttempts.at })
      .from(authAttempts)
      .where(and(eq(authAttempts.action, action), subject, eq(authAttempts.succeeded, false), gt(authAttempts.at, since), ne(authAttempts.id, id)))
      .orderBy(desc(authAttempts.at))
      .offset(limit - 1)
      .limit(1);
  const [[byAccount], [byAddress]] = await Promise.all([
    failure(eq(authAttempts.account, account), ATTEMPTS.failuresPerAccount),
    failure(eq(authAttempts.address, address), ATTEMPTS.failuresPerAddress),
  ]);
  const wait = Math.max(
    waitForWindow(byAccount?.at, ATTEMPTS.windowMs, now),
    waitForWindow(byAddress?.at, ATTEMPTS.windowMs, now),
  );
  if (wait > 0) {
    // A refused guess was never checked: it must not stretch the lock-out.
    await db.delete(authAttempts).where(eq(authAttempts.id, id));
    throw rateLimited(wait);
  }
  return {
    succeeded: async () => {
      await db.update(authAttempts).set({ succeeded: true }).where(eq(authAttempts.id, id));
    },
  };
}
