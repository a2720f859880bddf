// The withdrawals' effects: each one call of the contract (/withdraw/* and /user/vault/withdraw).
import { fromPromise } from "xstate";
import type { VaultWithdrawAnswer, WithdrawList } from "../../../../contract/index.ts";
import type { AddressChange } from "../../../../machines/withdrawals/addressBook.machine.ts";
import type { ConfirmInput, PreviewInput, RequestInput } from "../../../../machines/withdrawals/withdrawal.types.ts";
import type { Call } from "../../../shared/api/call.ts";

export const addressBookImplementations = ({ call }: { call: Call }) => ({
  actors: {
    fetchList: fromPromise<WithdrawList>(() => call("withdrawList", {})),
    saveAddress: fromPromise<AddressChange["kind"], AddressChange>(async ({ input }) => {
      if (input.kind === "add") await call("withdrawAdd", input.body);
      else if (input.kind === "rename") await call("withdrawUpdate", { id: input.id, label: input.label });
      else await call("withdrawDelete", { id: input.id });
      return input.kind;
    }),
  },
});

export const withdrawalImplementations = ({ call }: { call: Call }) => ({
  actors: {
    previewWithdrawal: fromPromise<VaultWithdrawAnswer, PreviewInput>(({ input }) => call("vaultWithdraw", { action: "preview", ...input })),
    requestWithdrawal: fromPromise<VaultWithdrawAnswer, RequestInput>(({ input }) => call("vaultWithdraw", { action: "request", ...input })),
    confirmWithdrawal: fromPromise<VaultWithdrawAnswer, ConfirmInput>(({ input }) => call("vaultWithdraw", { action: "confirm", ...input })),
  },
});
