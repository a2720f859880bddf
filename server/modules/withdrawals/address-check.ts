// Whether an address (and its memo) fits its network, by small, well-kept libraries: Bitcoin's
// every kind of mainnet address (bitcoin-address-validation: P2PKH, P2SH, bech32 P2WPKH/P2WSH,
// bech32m taproot), EVM addresses with their EIP-55 checksum when written in mixed case (ox's
// Address.validate: viem's core, by the same authors, in 26 modules where viem's index loads 454
// at every server start), and XRP classic addresses with their checksum (ripple-address-codec).
import { Network, validate as validBitcoin } from "bitcoin-address-validation";
import { isValidClassicAddress } from "ripple-address-codec";
import { validate as validEvm } from "ox/Address";
import { NETWORKS, type FieldErrorKey, type WithdrawNetwork } from "../../../contract/index.ts";

const TAG_MAX = 4_294_967_295;

export type AddressProblem = { field: "address" | "memo" | "network"; key: FieldErrorKey };

/** The address as stored (trimmed; EVM keeps the case typed), or which field is wrong. */
export function checkAddress(
  network: WithdrawNetwork,
  asset: string,
  address: string,
  memo: string | undefined,
): { ok: true; address: string; memo: string | null } | { ok: false; problem: AddressProblem } {
  const info = NETWORKS[network];
  if (!(asset in info.fees)) return { ok: false, problem: { field: "network", key: "network.unsupported" } };
  const typed = memo?.trim() ?? "";
  if (typed !== "") {
    if (info.memo !== "tag" || !/^\d{1,10}$/.test(typed) || Number(typed) > TAG_MAX) return { ok: false, problem: { field: "memo", key: "memo.invalid" } };
  }
  const fits =
    info.kind === "bitcoin"
      ? validBitcoin(address, Network.mainnet)
      : info.kind === "evm"
        ? validEvm(address, { strict: true })
        : isValidClassicAddress(address);
  if (!fits) return { ok: false, problem: { field: "address", key: "address.invalid" } };
  return { ok: true, address, memo: typed === "" ? null : String(Number(typed)) };
}
