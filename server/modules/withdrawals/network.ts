// The embedded network simulator (the default; a custody provider by configuration later). Each
// pass moves every withdrawal that is due one step: queued → broadcast (a txid) → confirming →
// completed (its holds posted) or failed (its holds voided: the money is back). It fails a
// withdrawal whose address label ends with "#fail" (README "Withdrawals"). Every step is a
// conditional UPDATE from the status it leaves, so two servers' passes never move one withdrawal
// twice; a step that resolves holds does it in the same transaction as that UPDATE, so a step is
// all done or not at all (never holds posted under a withdrawal still "confirming"). The pass that
// moves a withdrawal to its outcome e-mails the user, once, after its transaction commits. A
// withdrawal whose code was never entered is cancelled once the code expires (nothing was held).
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { WithdrawalStatus } from "../../../contract/index.ts";
import { LedgerError, type LedgerTx } from "../ledger/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import type { WithdrawMails } from "./mail.ts";
import { withdrawals, type WithdrawalRow } from "./schema.ts";
import { sha256 } from "./tokens.ts";

const BATCH = 100;
export const FAIL_SUFFIX = "#fail";

/** A transaction id in the network's own form. */
function txidOf(row: WithdrawalRow): string {
  const hex = sha256(`sim:${row.id}`);
  return row.network === "ethereum" || row.network === "bsc" ? `0x${hex}` : row.network === "xrp" ? hex.toUpperCase() : hex;
}

export function createNetwork(
  { db, ledger, now, env, logger }: Pick<WithdrawalsDeps, "db" | "ledger" | "now" | "env" | "logger">,
  mails: Pick<WithdrawMails, "outcome">,
) {
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  /** The withdrawal moved on from the status it was read in (in `tx` when given), or null when another pass moved it first. */
  async function move(row: WithdrawalRow, to: WithdrawalStatus, fields: Partial<WithdrawalRow>, tx: Pick<Db, "update"> = db): Promise<WithdrawalRow | null> {
    const [moved] = await tx
      .update(withdrawals)
      .set({ ...fields, status: to, updatedAt: now() })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, row.status)))
      .returning();
    return moved ?? null;
  }

  /** Posts or voids the withdrawal's holds in the caller's transaction. */
  async function resolve(row: WithdrawalRow, action: "post" | "void", tx: LedgerTx) {
    for (const [pendingId, leg] of [
      [row.holdId, "hold"],
      [row.feeHoldId, "fee"],
    ] as const) {
      if (!pendingId) continue;
      try {
        await ledger.resolve({ key: `withdraw:${row.id}:${leg}:${action}`, pendingId, action }, { tx });
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
        // The UPDATE first: it locks the row, so a second pass waits, then finds it moved and does nothing.
        const ended = await db.transaction(async (tx) => {
          const moved = await move(row, failed ? "failed" : "completed", { nextStepAt: null }, tx);
          if (moved) await resolve(row, failed ? "void" : "post", tx);
          return moved;
        });
        // Only the pass whose UPDATE moved it: a second pass, here or on another server, finds it moved.
        if (ended) {
          logger.info("withdraw.finished", { withdrawalId: row.id, failed });
          await mails.outcome(ended);
        }
        return;
      }
      default:
        // Stopped by a freeze before it went out: its holds are voided (the money back) as it leaves the network's queue.
        await db.transaction(async (tx) => {
          const [taken] = await tx
            .update(withdrawals)
            .set({ nextStepAt: null })
            .where(and(eq(withdrawals.id, row.id), isNotNull(withdrawals.nextStepAt)))
            .returning({ id: withdrawals.id });
          if (taken && row.status === "cancelled") await resolve(row, "void", tx);
        });
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
