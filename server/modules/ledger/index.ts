// The ledger is the only writer of balances: other modules move money through what it exports here.
export {
  createLedger,
  checkLedger,
  LedgerError,
  type Ledger,
  type LedgerErrorCode,
  type Transfer,
  type TransferRequest,
  type Balance,
  type LedgerCheck,
} from "./ledger.ts";
export type { AccountCode } from "./schema.ts";
