import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf } from "../failure.ts";
import type {
  ConfirmInput,
  PreviewInput,
  RequestInput,
  VaultWithdrawAnswer,
  WithdrawalContext,
  WithdrawalEvent,
  WithdrawalInput,
  WithdrawalTag,
} from "./withdrawal.types.ts";

export type { WithdrawalTag } from "./withdrawal.types.ts";

const provided =
  <I>(name: string) =>
  () =>
    fromPromise<VaultWithdrawAnswer, I>(async () => {
      throw new Error(`${name} is provided by the app`);
    });

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
    tags: {} as WithdrawalTag,
  },
  guards: {
    isFilled: ({ context }) => context.addressId !== "" && context.amount.trim() !== "",
    isWrongCode: (_, error: unknown) => failureOf("withdraw", error).reason === "codeInvalid",
  },
  actions: {
    setDraft: assign(({ event }) => (event.type === "withdraw.edit" ? { addressId: event.addressId, amount: event.amount, failure: null } : {})),
    keepPreview: assign((_, answer: VaultWithdrawAnswer) => ({ preview: answer.preview, failure: null })),
    keepWithdrawal: assign(({ context }, answer: VaultWithdrawAnswer) => ({
      withdrawal: answer.withdrawal,
      preview: answer.preview ?? context.preview,
      failure: null,
    })),
    nextKey: assign(({ context }) => ({ reviewed: context.reviewed + 1 })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf("withdraw", error) })),
    forgetFailure: assign({ failure: null }),
    startOver: assign({ amount: "", preview: null, withdrawal: null, failure: null }),
  },
  actors: {
    /** /user/vault/withdraw "preview": the fee and what arrives. */
    previewWithdrawal: provided<PreviewInput>("previewWithdrawal")(),
    /** "request": stores it and e-mails a code (one per idempotency key). */
    requestWithdrawal: provided<RequestInput>("requestWithdrawal")(),
    /** "confirm": the code; the money is held and the network takes it. */
    confirmWithdrawal: provided<ConfirmInput>("confirmWithdrawal")(),
  },
}).createMachine({
  id: "withdrawal",
  description: "A withdrawal to an address of the book: figures first (fee, what arrives), then a code e-mailed to the user confirms it.",
  context: ({ input }) => ({ keySeed: input.keySeed, reviewed: 0, addressId: "", amount: "", preview: null, withdrawal: null, failure: null }),
  initial: "editing",
  states: {
    editing: {
      tags: ["editing"],
      description: "The address and the amount being chosen.",
      on: {
        "withdraw.edit": { actions: "setDraft" },
        "withdraw.preview": [
          { guard: "isFilled", target: "previewing" },
          { description: "No address or no amount yet: nothing to figure; the form's required fields say what is missing." },
        ],
      },
    },
    previewing: {
      tags: ["editing", "busy"],
      description: "The server figures the fee and checks every gate, limit and the balance.",
      invoke: {
        id: "preview",
        src: "previewWithdrawal",
        input: ({ context }) => ({ addressId: context.addressId, amount: context.amount }),
        onDone: { target: "reviewing", actions: [{ type: "keepPreview", params: output }, "nextKey"] },
        onError: { target: "editing", actions: { type: "keepFailure", params: errorOf } },
      },
    },
    reviewing: {
      tags: ["reviewing"],
      description: "The figures on screen: confirming asks for a code by e-mail; editing goes back.",
      on: {
        "withdraw.confirm": { target: "requesting" },
        "withdraw.back": { target: "editing", actions: "forgetFailure" },
        "withdraw.edit": { target: "editing", actions: "setDraft" },
      },
    },
    requesting: {
      tags: ["reviewing", "busy"],
      description: "Stored with this review's idempotency key (a retry answers the same withdrawal) and its code e-mailed.",
      invoke: {
        id: "request",
        src: "requestWithdrawal",
        input: ({ context }) => ({ addressId: context.addressId, amount: context.amount, idempotencyKey: `${context.keySeed}-${context.reviewed}` }),
        onDone: { target: "awaitingCode", actions: { type: "keepWithdrawal", params: output } },
        onError: { target: "reviewing", actions: { type: "keepFailure", params: errorOf } },
      },
    },
    awaitingCode: {
      tags: ["awaitingCode"],
      description: "The code from the e-mail is typed here.",
      on: {
        "withdraw.code": { target: "confirming" },
        "withdraw.back": { target: "editing", actions: "startOver" },
      },
    },
    confirming: {
      tags: ["awaitingCode", "busy"],
      invoke: {
        id: "confirm",
        src: "confirmWithdrawal",
        input: ({ context, event }) => ({ withdrawalId: context.withdrawal?.id ?? "", code: event.type === "withdraw.code" ? event.code : "" }),
        onDone: { target: "submitted", actions: { type: "keepWithdrawal", params: output } },
        onError: [
          { guard: { type: "isWrongCode", params: errorOf }, target: "awaitingCode", actions: { type: "keepFailure", params: errorOf } },
          { target: "editing", actions: { type: "keepFailure", params: errorOf } },
        ],
      },
    },
    submitted: {
      tags: ["submitted"],
      description: "Held and on its way: the list follows it to the end.",
      on: { "withdraw.again": { target: "editing", actions: "startOver" } },
    },
  },
});
