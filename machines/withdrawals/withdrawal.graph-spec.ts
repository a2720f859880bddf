// Samples the statechart tools drive the withdrawal machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { WithdrawalEvent, WithdrawalInput } from "./withdrawal.types.ts";
import { answerWith, sampleAddress, sampleWithdrawal } from "./withdrawals.fixtures.ts";

export const withdrawalGraphSpec: MachineGraphSpec<WithdrawalInput, WithdrawalEvent> = {
  inputs: [{ keySeed: "seed" }],
  events: [
    { type: "withdraw.edit", addressId: sampleAddress.id, amount: "0.25" },
    { type: "withdraw.edit", addressId: "", amount: "" },
    { type: "withdraw.preview" },
    { type: "withdraw.confirm" },
    { type: "withdraw.code", code: "123456" },
    { type: "withdraw.back" },
    { type: "withdraw.again" },
  ],
  actors: {
    previewWithdrawal: {
      done: [answerWith(null)],
      error: [{ code: "conflict", message: "This address cannot be used yet.", data: { reason: "addressNotUsable" } }],
    },
    requestWithdrawal: {
      done: [answerWith(sampleWithdrawal("awaitingCode"))],
      error: [{ code: "network", message: "Failed to fetch" }],
    },
    confirmWithdrawal: {
      done: [answerWith(sampleWithdrawal("queued"))],
      error: [
        { code: "badRequest", message: "This code is not correct.", data: { reason: "codeInvalid", attemptsLeft: 4 } },
        { code: "badRequest", message: "This code has expired.", data: { reason: "codeExpired" } },
      ],
    },
  },
};
