// The ledger is the only writer of balances: other modules move money through what it exports here.
export type { Tx as LedgerTx } from "./changes.ts";
export { createLedger, type Ledger, type Transfer, type TransferRequest, type ResolveRequest, type Balance, type Position } from "./ledger.ts";
export type { Movement } from "./movements.ts";
export { checkLedger, type LedgerCheck } from "./check.ts";
export { createHoldExpiry, type HoldExpiry } from "./expiry.ts";
export { devLedgerRoutes } from "./dev.routes.ts";
export { LedgerError, type LedgerErrorCode } from "./errors.ts";
export type { AccountCode } from "./schema.ts";
