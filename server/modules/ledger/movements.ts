// A user's money as it moved, for the portfolio's profit and loss and value over time: every
// posted transfer into or out of the user's own accounts (holds count once posted), oldest first,
// with the kind of account on the other side. Read-only; the ledger stays the only writer.
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/open.ts";
import { ledgerAccounts, ledgerTransfers, type AccountCode } from "./schema.ts";

export interface Movement {
  id: string;
  seq: bigint;
  key: string;
  /** What the movement is for (onramp.buy, trade.…) and the order or quote it belongs to. */
  code: string;
  reference: string | null;
  asset: string;
  /** Minor units: positive into the user's account, negative out of it. */
  amount: bigint;
  /** The kind of account on the other side (onramp, inventory, fees, withdrawals …). */
  counterparty: AccountCode;
  at: Date;
  /**
   * "house": not the user's money but a trade's fee the house paid out of what the user would
   * have received (the trading desk's `trade.fee`, inventory → fees): listed so the trade's fee is
   * known; `amount` is the fee, and the user's balance never saw it.
   */
  side: "user" | "house";
}

export async function movementsOf(db: Db, userId: string): Promise<Movement[]> {
  const mine = alias(ledgerAccounts, "mine");
  const other = alias(ledgerAccounts, "other");
  const t = ledgerTransfers;
  const rows = await db
    .select({
      id: t.id,
      seq: t.seq,
      key: t.idempotencyKey,
      code: t.code,
      reference: t.reference,
      asset: t.asset,
      amount: t.amount,
      incoming: sql<boolean>`${t.creditAccountId} = ${mine.id}`,
      counterparty: other.code,
      at: t.createdAt,
    })
    .from(t)
    .innerJoin(mine, and(eq(mine.userId, userId), eq(mine.code, "user"), or(eq(t.debitAccountId, mine.id), eq(t.creditAccountId, mine.id))))
    .innerJoin(other, sql`${other.id} = CASE WHEN ${t.creditAccountId} = ${mine.id} THEN ${t.debitAccountId} ELSE ${t.creditAccountId} END`)
    .where(inArray(t.phase, ["posted", "post"]))
    .orderBy(asc(t.seq));
  const own = rows.map(({ incoming, ...row }): Movement => ({ ...row, amount: incoming ? row.amount : -row.amount, side: "user" }));
  const trades = [...new Set(own.filter((m) => m.key.startsWith("trade:") && m.reference).map((m) => m.reference!))];
  if (trades.length === 0) return own;
  const fees = await db
    .select({ id: t.id, seq: t.seq, key: t.idempotencyKey, code: t.code, reference: t.reference, asset: t.asset, amount: t.amount, at: t.createdAt })
    .from(t)
    .innerJoin(other, eq(other.id, t.creditAccountId))
    .where(and(inArray(t.reference, trades), eq(t.code, "trade.fee"), eq(other.code, "fees"), inArray(t.phase, ["posted", "post"])));
  const house = fees.filter((fee) => !own.some((m) => m.id === fee.id)).map((fee): Movement => ({ ...fee, counterparty: "fees", side: "house" }));
  return [...own, ...house].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
}
