// Sample answers for the withdrawal machines' graph specs and tests.
import type { VaultWithdrawAnswer, Withdrawal, WithdrawAddress, WithdrawList, WithdrawPreview } from "../../contract/index.ts";

export const sampleAddress: WithdrawAddress = {
  id: "7d0e0c1e-0000-4000-9000-000000000001",
  label: "Cold wallet",
  asset: "BTC",
  network: "bitcoin",
  address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  memo: null,
  state: "usable",
  createdAt: "2026-11-27T10:00:00.000Z",
  linkExpiresAt: "2026-11-27T11:00:00.000Z",
  confirmedAt: "2026-11-27T10:05:00.000Z",
  usableAt: "2026-11-28T10:05:00.000Z",
};

export const samplePreview: WithdrawPreview = {
  asset: "BTC",
  network: "bitcoin",
  amount: { asset: "BTC", value: "0.25000000" },
  fee: { asset: "BTC", value: "0.00020000" },
  receive: { asset: "BTC", value: "0.24980000" },
  available: { asset: "BTC", value: "1.00000000" },
  usdValue: "5000.00",
};

export const sampleWithdrawal = (status: Withdrawal["status"] = "awaitingCode"): Withdrawal => ({
  id: "7d0e0c1e-0000-4000-9000-000000000002",
  addressId: sampleAddress.id,
  label: sampleAddress.label,
  network: "bitcoin",
  address: sampleAddress.address,
  memo: null,
  amount: samplePreview.amount,
  fee: samplePreview.fee,
  receive: samplePreview.receive,
  status,
  txid: status === "awaitingCode" || status === "queued" ? null : "ab".repeat(32),
  createdAt: "2026-11-28T12:00:00.000Z",
  updatedAt: "2026-11-28T12:00:00.000Z",
  codeExpiresAt: status === "awaitingCode" ? "2026-11-28T12:10:00.000Z" : null,
});

export const answerWith = (withdrawal: Withdrawal | null): VaultWithdrawAnswer => ({ preview: samplePreview, withdrawal });

export const sampleList: WithdrawList = {
  addresses: [sampleAddress],
  withdrawals: [sampleWithdrawal("completed")],
  status: {
    lockedUntil: null,
    frozen: false,
    frozenAt: null,
    kycApproved: true,
    coolingOffHours: 24,
    limits: { perWithdrawalUsd: "10000", dailyUsd: "25000", usedTodayUsd: "0.00" },
    serverNow: "2026-11-28T12:00:00.000Z",
  },
  available: [{ asset: "BTC", value: "1.00000000" }],
};
