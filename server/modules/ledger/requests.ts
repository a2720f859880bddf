// What the ledger takes and answers, and the checks and hashing of a request that need no database.
import { createHash } from "node:crypto";
import { LedgerError } from "./errors.ts";
import type { LedgerTransferRow, TransferPhase } from "./schema.ts";

export interface TransferRequest {
  /** The idempotency key: one transfer per key, ever. */
  key: string;
  debit: string;
  credit: string;
  asset: string;
  /** Minor units of the asset; positive. */
  amount: bigint;
  /** What the movement is for, e.g. `onramp.buy`, `onramp.fee`. */
  code: string;
  /** The order or request it belongs to. */
  reference?: string | null;
  /** A hold: pending until posted or voided, and expired after this many seconds. */
  holdSeconds?: number;
}

export interface ResolveRequest {
  key: string;
  pendingId: string;
  action: "post" | "void";
  /** For post: at most the held amount (the rest is released); the whole hold by default. */
  amount?: bigint;
}

export interface Transfer {
  id: string;
  seq: bigint;
  key: string;
  debit: string;
  credit: string;
  asset: string;
  amount: bigint;
  phase: TransferPhase;
  pendingId: string | null;
  timeoutAt: Date | null;
  code: string;
  reference: string | null;
  createdAt: Date;
}

export interface Balance {
  asset: string;
  account: string;
  /** Posted credits minus posted debits. */
  balance: bigint;
  /** Held by pending debits (withdrawals, orders). */
  held: bigint;
  /** What may be spent now: balance − held. */
  available: bigint;
  /** Pending credits not yet posted. */
  incoming: bigint;
}

export const KEY = /^[\x21-\x7e]{1,200}$/;
const CODE = /^[a-z][a-zA-Z0-9_.-]{0,63}$/;
const MAX_AMOUNT = 10n ** 38n;
const MAX_HOLD_SECONDS = 366 * 24 * 3600;

export const toTransfer = (row: LedgerTransferRow): Transfer => ({
  id: row.id,
  seq: row.seq,
  key: row.idempotencyKey,
  debit: row.debitAccountId,
  credit: row.creditAccountId,
  asset: row.asset,
  amount: row.amount,
  phase: row.phase,
  pendingId: row.pendingId,
  timeoutAt: row.timeoutAt,
  code: row.code,
  reference: row.reference,
  createdAt: row.createdAt,
});

/** The request as the idempotency key remembers it: the same fields give the same hash. */
export function hashOf(fields: Record<string, string | number | null>): string {
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((name) => [name, fields[name]]),
  );
  return createHash("sha256").update(canonical).digest("hex");
}

/** Refuses a request that could never be a transfer, before any database work. */
export function validate(request: TransferRequest): void {
  if (!KEY.test(request.key) || !CODE.test(request.code) || (request.reference != null && request.reference.length > 200)) {
    throw new LedgerError("invalidRequest");
  }
  if (typeof request.amount !== "bigint" || request.amount <= 0n || request.amount >= MAX_AMOUNT) throw new LedgerError("invalidAmount");
  if (request.debit === request.credit) throw new LedgerError("sameAccount");
  if (request.holdSeconds !== undefined && !(Number.isInteger(request.holdSeconds) && request.holdSeconds > 0 && request.holdSeconds <= MAX_HOLD_SECONDS)) {
    throw new LedgerError("invalidRequest");
  }
}
