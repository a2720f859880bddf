// The words for the withdrawals' plain values, looked up in the language active when shown.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AddressState, WithdrawalStatus, WithdrawNetwork } from "../../../../contract/index.ts";
import type { Failure } from "../../../../machines/failure.ts";
import type { I18n } from "@lingui/core";
import { fieldErrorText } from "../../../shared/ui/fieldErrors.ts";

export const stateTexts: Record<AddressState, MessageDescriptor> = {
  unconfirmed: msg`Waiting for your confirmation by e-mail`,
  expired: msg`Link expired: remove it and add it again`,
  coolingOff: msg`Cooling off`,
  usable: msg`Ready to use`,
};

export const statusTexts: Record<WithdrawalStatus, MessageDescriptor> = {
  awaitingCode: msg`Waiting for the code`,
  queued: msg`Queued`,
  broadcast: msg`Sent to the network`,
  confirming: msg`Confirming`,
  completed: msg`Completed`,
  failed: msg`Failed, funds returned`,
  cancelled: msg`Cancelled`,
};

export const networkTexts: Record<WithdrawNetwork, MessageDescriptor> = {
  bitcoin: msg`Bitcoin`,
  ethereum: msg`Ethereum (ERC-20)`,
  bsc: msg`BNB Smart Chain (BEP-20)`,
  xrp: msg`XRP Ledger`,
};

/** A field's problem from a failure: the issue key in the language active now, else the server's words. */
export function fieldProblem(i18n: I18n, failure: Failure | null, field: string): string | undefined {
  if (!failure) return undefined;
  const key = failure.fieldKeys[field];
  return key ? fieldErrorText(i18n, key) : failure.fields[field];
}

/** "in 3 h 20 min" style countdown parts to a moment, from the server's clock. */
export function timeLeft(untilIso: string, nowMs: number): { hours: number; minutes: number } {
  const left = Math.max(0, Date.parse(untilIso) - nowMs);
  return { hours: Math.floor(left / 3_600_000), minutes: Math.floor((left % 3_600_000) / 60_000) };
}

/** The fraction digits an amount needs to be shown exactly (trailing zeros dropped, at least 2): fees and amounts sent are never rounded. */
export function exactDecimals(value: string): number {
  const fraction = value.split(".")[1]?.replace(/0+$/, "") ?? "";
  return Math.max(2, fraction.length);
}
