// Holds that outlive their timeout are expired by a pass on a schedule (every LEDGER_EXPIRE_SECONDS):
// the held amount returns to the account's available balance. One pass at a time; a pass works
// through every due hold, a page at a time, before it ends.
import type { Logger } from "../../platform/logging/logger.ts";
import { passes, type Every } from "../../platform/schedule/passes.ts";
import type { Ledger } from "./ledger.ts";

export interface HoldExpiryOptions {
  ledger: Pick<Ledger, "expireDue">;
  logger: Logger;
  /** Seconds between passes. */
  everySeconds: number;
  /** Holds expired per page of a pass. */
  pageSize?: number;
}

export function createHoldExpiry({ ledger, logger, everySeconds, pageSize = 500 }: HoldExpiryOptions) {
  const expiring = passes("ledger.expire", logger, async () => {
    let total = 0;
    // A page that expired nothing means none is due (a hold resolved meanwhile is not due again).
    for (let expired = await ledger.expireDue(pageSize); expired > 0; expired = await ledger.expireDue(pageSize)) total += expired;
    if (total > 0) logger.info("ledger.expired", { holds: total });
  });
  return {
    /**
     * Expires what is due every `everySeconds`, the first time one period after start: a pass at
     * start competed with the first requests (on PGlite, in the same thread). Tests may pass their own timer.
     */
    start: (every?: Every) => expiring.start(everySeconds * 1000, every, { immediately: false }),
    stop: () => expiring.stop(),
    /** One pass now (or the one under way). */
    pass: () => expiring.run(),
    get passes() {
      return expiring.started;
    },
  };
}

export type HoldExpiry = ReturnType<typeof createHoldExpiry>;
