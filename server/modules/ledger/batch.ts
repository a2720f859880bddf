// Writes a validated batch of transfers with the one statement of statement.ts: in a transaction of
// its own (the statement alone, which commits by itself), or inside a caller's transaction.
import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import type { Tx } from "./changes.ts";
import { databaseRefusal, keyRaced, LedgerError } from "./errors.ts";
import { preparedStatement } from "./prepared.ts";
import { toTransfer, type Transfer, type TransferRequest } from "./requests.ts";
import { ledgerTransfers } from "./schema.ts";
import { decode, encode, TRANSFER, TRANSFER_WRITES, type AnswerRow } from "./statement.ts";

export function batchWriter(db: Db, now: () => Date) {
  const alone = preparedStatement(db, "ledger_transfer", TRANSFER.alone, "json", TRANSFER_WRITES);
  const inside = preparedStatement(db, "ledger_transfer_inside", TRANSFER.inside, "json", TRANSFER_WRITES);

  /** On its own: one round trip, all or nothing. */
  async function writeAlone(json: string, attempts: number): Promise<Transfer[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answered = decode(await alone<AnswerRow>(db, json));
        if (answered.includes(null)) throw new Error("ledger: a transfer neither written nor found");
        return answered as Transfer[];
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
  async function writeInside(tx: Tx, json: string, hashes: Map<string, string>): Promise<Transfer[]> {
    let answered: (Transfer | null)[];
    try {
      answered = decode(await inside<AnswerRow>(tx, json));
    } catch (error) {
      throw databaseRefusal(error) ?? error;
    }
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

  /** Writes the batch (validated, keys distinct), in `tx` when given. */
  return (list: TransferRequest[], tx?: Tx): Promise<Transfer[]> => {
    const { json, hashes } = encode(list, now());
    return tx ? writeInside(tx, json, hashes) : writeAlone(json, list.length);
  };
}
