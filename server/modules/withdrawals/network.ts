// The embedded network simulator (the default; a custody provider by configuration later). Each
// pass moves every withdrawal that is due one step: queued → broadcast (a txid) → confirming →
// completed (its holds posted) or failed (its holds voided: the money is back). It fails a
// withdrawal whose address label ends with "#fail" (README "Withdrawals"). Every step is a
// conditional UPDATE from the status it leaves, and the holds are resolved with keys of their own,
// so two servers' passes never move one withdrawal twice. A withdrawal whose code was never
// entered is cancelled once the code expires (nothing was held).
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { WithdrawalStatus } from "../../../contract/index.ts";
import { LedgerError } from "../ledger/index.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import { withdrawals, type WithdrawalRow } from "./schema.ts";
import { sha256 } from "./tokens.ts";

const BATCH = 100;
export const FAIL_SUFFIX = "#fail";

/** A transaction id in the network's own form. */
function txidOf(row: WithdrawalRow): string {
  const hex = sha256(`sim:${row.id}`);
  return row.network === "ethereum" || row.network === "bsc" ? `0x${hex}` : row.network === "xrp" ? hex.toUpperCase() : hex;
}

export function createNetwork({ db, ledger, now, env, logger }: Pick<WithdrawalsDeps, "db" | "ledger" | "now" | "env" | "logger">) {
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  async function move(row: WithdrawalRow, to: WithdrawalStatus, fields: Partial<WithdrawalRow>): Promise<boolean> {
    const moved = await db
      .update(withdrawals)
      .set({ ...fields, status: to, updatedAt: now() })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, row.status)))
      .returning({ id: withdrawals.id });
    return moved.length === 1;
  }

  async function resolve(row: WithdrawalRow, action: "post" | "void") {
    for (const [pendingId, leg] of [
      [row.holdId, "hold"],
      [row.feeHoldId, "fee"],
    ] as const) {
      if (!pendingId) continue;
      try {
        await ledger.resolve({ key: `withdraw:${row.id}:${leg}:${action}`, pendingId, action });
      } catch (error) {
        // Resolved by another pass meanwhile (its own key answers the same): nothing more to do.
        if (!(error instanceof LedgerError && error.code === "pendingResolved")) throw error;
      }
    }
  }

  async function step(row: WithdrawalRow): Promise<void> {
    switch (row.status) {
      case "queued":
        await move(row, "broadcast", { txid: txidOf(row), nextStepAt: later(env.WITHDRAW_SIM_CONFIRMING_SECONDS) });
        return;
      case "broadcast":
        await move(row, "confirming", { nextStepAt: later(env.WITHDRAW_SIM_COMPLETE_SECONDS) });
        return;
      case "confirming": {
        const failed = row.label.toLowerCase().endsWith(FAIL_SUFFIX);
        await resolve(row, failed ? "void" : "post");
        if (await move(row, failed ? "failed" : "completed", { nextStepAt: null })) logger.info("withdraw.finished", { withdrawalId: row.id, failed });
        return;
      }
      default:
        // Stopped by a freeze before it went out: its holds are voided, the money back.
        if (row.status === "cancelled") await resolve(row, "void");
        await db.update(withdrawals).set({ nextStepAt: null }).where(eq(withdrawals.id, row.id));
    }
  }

  return {
    /** One pass: every withdrawal due, oldest first; answers how many moved. */
    async pass(): Promise<number> {
      const at = now();
      const expired = await db
        .update(withdrawals)
        .set({ status: "cancelled", codeHash: null, updatedAt: at })
        .where(and(eq(withdrawals.status, "awaitingCode"), lte(withdrawals.codeExpiresAt, at)))
        .returning({ id: withdrawals.id });
      const due = await db
        .select()
        .from(withdrawals)
        .where(and(isNotNull(withdrawals.nextStepAt), lte(withdrawals.nextStepAt, at)))
        .orderBy(asc(withdrawals.nextStepAt))
        .limit(BATCH);
      for (const row of due) await step(row);
      return expired.length + due.length;
    },
  };
}
