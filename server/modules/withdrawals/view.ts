// A withdrawal as the contract shows it, from its row.
import type { Withdrawal } from "../../../contract/index.ts";
import { fromMinor } from "../../../contract/decimal.ts";
import type { WithdrawalRow } from "./schema.ts";

export function withdrawalOf(row: WithdrawalRow): Withdrawal {
  const money = (units: bigint) => ({ asset: row.asset, value: fromMinor(units, row.decimals) });
  return {
    id: row.id,
    addressId: row.addressId,
    label: row.label,
    network: row.network,
    address: row.address,
    memo: row.memo,
    amount: money(row.amountUnits),
    fee: money(row.feeUnits),
    receive: money(row.amountUnits - row.feeUnits),
    status: row.status,
    txid: row.txid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    codeExpiresAt: row.status === "awaitingCode" ? (row.codeExpiresAt?.toISOString() ?? null) : null,
  };
}
