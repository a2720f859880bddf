// Writes validated calls with the one statement of statement.ts: several callers' calls in a
// statement of their own (which commits by itself; group.ts gathers them), or one call inside a
// caller's transaction.
import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import type { Tx } from "./changes.ts";
import { databaseRefusal, keyRaced, LedgerError } from "./errors.ts";
import { preparedStatement } from "./prepared.ts";
import { toTransfer, type Transfer, type TransferRequest } from "./requests.ts";
import { ledgerTransfers } from "./schema.ts";
import { decode, encode, type AnswerRow, type CallAnswer } from "./encoding.ts";
import { TRANSFER, TRANSFER_WRITES } from "./statement.ts";

/** A call's answer when written on its own: never a key left unanswered. */
export type AloneAnswer = Transfer[] | LedgerError | "later";

export function batchWriter(db: Db, now: () => Date) {
  const alone = preparedStatement(db, "ledger_transfer", TRANSFER.alone, "json", TRANSFER_WRITES);
  const group = preparedStatement(db, "ledger_transfer_group", TRANSFER.group, "json", TRANSFER_WRITES);
  const inside = preparedStatement(db, "ledger_transfer_inside", TRANSFER.inside, "json", TRANSFER_WRITES);

  /**
   * Calls (their keys distinct) in one round trip; each all or nothing. A failed statement wrote
   * nothing: its error is the one call's own, or says nothing of which of several calls failed it.
   */
  async function writeAlone(calls: TransferRequest[][]): Promise<AloneAnswer[]> {
    const { json } = encode(calls, now());
    const attempts = calls.reduce((sum, list) => sum + list.length, 0);
    for (let attempt = 0; ; attempt++) {
      try {
        const answers = decode(await (calls.length > 1 ? group : alone)<AnswerRow>(db, json));
        if (answers.some((answer) => Array.isArray(answer) && answer.includes(null))) throw new Error("ledger: a transfer neither written nor found");
        return answers as AloneAnswer[];
      } catch (error) {
        // A key committed by another transaction after the statement's snapshot failed it whole
        // (nothing was written); once more, the statement sees that key and answers or refuses.
        if (attempt < attempts && keyRaced(error)) continue;
        throw databaseRefusal(error) ?? error;
      }
    }
  }

  /**
   * In the caller's transaction, which a failed statement would abort: a key raced in by another
   * transaction is skipped by the statement, then read here and answered or refused.
   */
  async function writeInside(tx: Tx, list: TransferRequest[]): Promise<Transfer[]> {
    const { json, hashes } = encode([list], now());
    let answer: CallAnswer | undefined;
    try {
      [answer] = decode(await inside<AnswerRow>(tx, json));
    } catch (error) {
      throw databaseRefusal(error) ?? error;
    }
    // A call alone is never stopped: the database's constraints decide it.
    if (answer instanceof LedgerError) throw answer;
    if (!Array.isArray(answer)) throw new Error("ledger: a call inside a transaction was not answered");
    const answered = answer;
    const keys = [...hashes.keys()];
    const raced = keys.filter((_, index) => answered[index] === null);
    if (raced.length === 0) return answered as Transfer[];
    const rows = await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, raced));
    const existing = new Map(rows.map((row) => [row.idempotencyKey, row]));
    return keys.map((key, index) => {
      const written = answered[index];
      if (written) return written;
      const row = existing.get(key);
      if (!row || row.payloadHash !== hashes.get(key)) throw new LedgerError("idempotencyConflict");
      return toTransfer(row);
    });
  }

  return { writeAlone, writeInside };
}
