// The withdrawal calls, a group of the contract's table (contract/routes.ts).
import { codeExpired, codeInvalid, failure, pricesStale, pricesUnavailable, sessionEnded, validation } from "./failures.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";
import {
  addAddressRequestSchema,
  addressSchema,
  deleteAddressRequestSchema,
  updateAddressRequestSchema,
  vaultWithdrawRequestSchema,
  vaultWithdrawSchema,
  withdrawListRequestSchema,
  withdrawListSchema,
} from "./withdrawals.ts";
import { z } from "zod";

const addressNotFound = failure("addressNotFound", "No address of this user has this id (unknown, deleted, or another user's: not told apart).");
const common = { methods: ["POST"], auth: "session", group: "Withdrawals", status: "live" } as const;

export const withdrawalRoutes = {
  withdrawList: route({
    ...common,
    path: routePaths.withdrawList,
    summary: "The address book with each address's state, the latest withdrawals, and what gates a withdrawal now (lock, freeze, KYC, limits).",
    request: withdrawListRequestSchema,
    response: withdrawListSchema,
    failures: [validation, sessionEnded],
  }),
  withdrawAdd: route({
    ...common,
    path: routePaths.withdrawAdd,
    summary: "Adds an address (checked for its network) and e-mails a link that confirms it within the hour; usable after WITHDRAW_COOLING_OFF_HOURS.",
    request: addAddressRequestSchema,
    response: addressSchema,
    failures: [validation, sessionEnded, failure("withdrawalsFrozen", "Withdrawals of this account were frozen from an e-mailed link: support lifts it.")],
  }),
  withdrawUpdate: route({
    ...common,
    path: routePaths.withdrawUpdate,
    summary: "Renames an address of the user's.",
    request: updateAddressRequestSchema,
    response: addressSchema,
    failures: [validation, sessionEnded, addressNotFound],
  }),
  withdrawDelete: route({
    ...common,
    path: routePaths.withdrawDelete,
    summary: "Removes an address of the user's (its withdrawals stay in the history).",
    request: deleteAddressRequestSchema,
    response: z.null(),
    failures: [validation, sessionEnded, addressNotFound],
  }),
  vaultWithdraw: route({
    ...common,
    path: routePaths.vaultWithdraw,
    summary:
      "preview: the fee and what arrives; request: stores the withdrawal and e-mails a code (one per idempotencyKey); confirm: checks the code and holds the amount in the ledger for the network.",
    request: vaultWithdrawRequestSchema,
    response: vaultWithdrawSchema,
    failures: [
      validation,
      sessionEnded,
      addressNotFound,
      failure("addressNotUsable", "The address is not confirmed yet or still in its cooling-off."),
      failure("withdrawalNotFound", "No withdrawal of this user waiting for a code has this id."),
      failure("withdrawalsLocked", "The password was changed or reset less than WITHDRAW_PASSWORD_LOCK_HOURS ago."),
      failure("withdrawalsFrozen", "Withdrawals of this account were frozen from an e-mailed link: support lifts it."),
      failure("kycRequired", "Withdrawals need approved identity verification."),
      failure("withdrawLimit", "Above WITHDRAW_MAX_USD for one withdrawal, or WITHDRAW_DAILY_USD over the last 24 hours."),
      failure("insufficientBalance", "The available balance (holds excluded) is below the amount."),
      failure("debtOutstanding", "The user owes the house some of this asset (a reversed card buy): repay it first."),
      failure("idempotencyConflict", "This idempotencyKey was used for another withdrawal."),
      codeInvalid,
      codeExpired,
      pricesUnavailable,
      pricesStale,
    ],
  }),
} as const;
