// The transfer statement's one parameter (the calls as JSON) and its answer (call by call).
import { LedgerError, type LedgerErrorCode } from "./errors.ts";
import { hashOf, type Transfer, type TransferRequest } from "./requests.ts";
import type { TransferPhase } from "./schema.ts";

/** A row of the statement's answer; `id` is null for a key another transaction raced in. */
export interface AnswerRow {
  /** The refusal of the row's call, or "later": short of funds where the statement could not be sure (its verdict, statement.ts). */
  refusal: LedgerErrorCode | "later" | null;
  /** The call the row belongs to: 0, 1, … in the order of the parameter. */
  g: number;
  key: string;
  id: string | null;
  seq: string;
  debit: string;
  credit: string;
  asset: string;
  amount: string;
  phase: TransferPhase;
  pending_id: string | null;
  timeout_ms: number | null;
  code: string;
  reference: string | null;
  created_ms: number;
}

export interface Encoded {
  /** The statement's one parameter. */
  json: string;
  /** Each request's payload hash, by key (for a key that raced in). */
  hashes: Map<string, string>;
}

/** The calls (their keys distinct) as the statement's parameter; the hash is what the idempotency key remembers. */
export function encode(calls: TransferRequest[][], now: Date): Encoded {
  const hashes = new Map<string, string>();
  const rows = calls
    .flatMap((list, g) => list.map((request) => ({ g, request })))
    .map(({ g, request }, n) => {
      const hash = hashOf({
        debit: request.debit,
        credit: request.credit,
        asset: request.asset,
        amount: request.amount.toString(),
        code: request.code,
        reference: request.reference ?? null,
        holdSeconds: request.holdSeconds ?? null,
      });
      hashes.set(request.key, hash);
      return {
        n,
        g,
        ikey: request.key,
        hash,
        debit: request.debit,
        credit: request.credit,
        asset: request.asset,
        amount: request.amount.toString(),
        timeout_at: request.holdSeconds === undefined ? null : new Date(now.getTime() + request.holdSeconds * 1000).toISOString(),
        code: request.code,
        reference: request.reference ?? null,
      };
    });
  return { json: JSON.stringify(rows), hashes };
}

/** A call's answer: its transfers (null where a key raced in), its refusal, or "later" (stopped, nothing written). */
export type CallAnswer = (Transfer | null)[] | LedgerError | "later";

/** The statement's answer, call by call in their order. */
export function decode(rows: AnswerRow[]): CallAnswer[] {
  const calls: CallAnswer[] = [];
  for (const row of rows) {
    if (row.g === calls.length) calls.push(row.refusal === "later" ? "later" : row.refusal ? new LedgerError(row.refusal) : []);
    const call = calls[row.g];
    if (Array.isArray(call)) call.push(row.id === null ? null : transferOf(row));
  }
  return calls;
}

const transferOf = (row: AnswerRow): Transfer => ({
  id: row.id!,
  seq: BigInt(row.seq),
  key: row.key,
  debit: row.debit,
  credit: row.credit,
  asset: row.asset,
  amount: BigInt(row.amount),
  phase: row.phase,
  pendingId: row.pending_id,
  timeoutAt: row.timeout_ms === null ? null : new Date(row.timeout_ms),
  code: row.code,
  reference: row.reference,
  createdAt: new Date(row.created_ms),
});
