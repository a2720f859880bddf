// The ledger's refusals, and how the database's own refusals (its constraints) map onto them.
export type LedgerErrorCode =
  | "insufficientFunds"
  | "idempotencyConflict"
  | "unknownAccount"
  | "assetMismatch"
  | "sameAccount"
  | "invalidAmount"
  | "invalidRequest"
  | "pendingNotFound"
  | "pendingResolved"
  | "pendingExpired";

/** A refusal of the ledger, by code; nothing was written. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = "LedgerError";
  }
}

/** The SQLSTATE of a database error, through drizzle's wrapping. */
export function sqlState(error: unknown): string | null {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** The database's own refusals, read from the error (drizzle wraps the driver's error as its cause). */
export function databaseRefusal(error: unknown): LedgerError | null {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    const named = `${typeof constraint === "string" ? constraint : ""} ${typeof message === "string" ? message : ""}`;
    if (code === "23514" && named.includes("ledger_accounts_debits_within_credits")) return new LedgerError("insufficientFunds");
    if (code === "23503" && /ledger_transfers_(debit|credit)_fk/.test(named)) return new LedgerError("assetMismatch");
    if (code === "23505" && named.includes("ledger_transfers_pending_once_idx")) return new LedgerError("pendingResolved");
  }
  return null;
}

/** Another transaction committed one of the batch's keys after the statement's snapshot was taken. */
export function keyRaced(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    const named = `${typeof constraint === "string" ? constraint : ""} ${typeof message === "string" ? message : ""}`;
    if (code === "23505" && named.includes("ledger_transfers_idempotency_key_unique")) return true;
  }
  return false;
}
