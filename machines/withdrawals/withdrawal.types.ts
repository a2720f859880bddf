// The withdrawal machine's types: the form's figures, the withdrawal waiting for its code, and the
// calls it makes (each one /user/vault/withdraw action).
import type { VaultWithdrawAnswer, Withdrawal, WithdrawPreview } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

export interface WithdrawalInput {
  /** Random per page load: idempotency keys are `${keySeed}-${n}`, new for each reviewed withdrawal. */
  keySeed: string;
}

export interface WithdrawalContext {
  keySeed: string;
  /** How many withdrawals were reviewed: the next key's number. */
  reviewed: number;
  addressId: string;
  amount: string;
  preview: WithdrawPreview | null;
  /** The withdrawal waiting for its code, then the one confirmed. */
  withdrawal: Withdrawal | null;
  failure: Failure<"withdraw"> | null;
}

export type WithdrawalEvent =
  | { type: "withdraw.edit"; addressId: string; amount: string }
  | { type: "withdraw.preview" }
  | { type: "withdraw.confirm" }
  | { type: "withdraw.code"; code: string }
  | { type: "withdraw.back" }
  | { type: "withdraw.again" };

export type WithdrawalTag = "editing" | "busy" | "reviewing" | "awaitingCode" | "submitted";

export type PreviewInput = { addressId: string; amount: string };
export type RequestInput = PreviewInput & { idempotencyKey: string };
export type ConfirmInput = { withdrawalId: string; code: string };
export type { VaultWithdrawAnswer };
