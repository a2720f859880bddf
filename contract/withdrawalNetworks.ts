// Withdrawals' plain values, apart from their schemas: machines and views read these without zod.
// Which networks an asset can leave on, what each network's addresses look like (checked on the
// server by libraries: server/modules/withdrawals/addresses-check.ts), whether it takes a memo or a
// tag, and the network fee Sarraf charges for a withdrawal (a decimal in the asset's own units).

export const WITHDRAW_NETWORKS = ["bitcoin", "ethereum", "bsc", "xrp"] as const;
export type WithdrawNetwork = (typeof WITHDRAW_NETWORKS)[number];

export interface NetworkInfo {
  /** How an address is checked: a Bitcoin address, an EVM address (EIP-55 checksum when mixed case), an XRP classic address. */
  kind: "bitcoin" | "evm" | "xrp";
  /** "tag": XRP's destination tag (a whole number), optional; "none": the network takes no memo. */
  memo: "tag" | "none";
  /** Each asset it carries, with the network fee per withdrawal in that asset's units. */
  fees: Readonly<Record<string, string>>;
}

export const NETWORKS: Readonly<Record<WithdrawNetwork, NetworkInfo>> = {
  bitcoin: { kind: "bitcoin", memo: "none", fees: { BTC: "0.0002" } },
  ethereum: { kind: "evm", memo: "none", fees: { ETH: "0.0015", USDT: "4", USDC: "4", LINK: "0.3", POL: "8" } },
  bsc: { kind: "evm", memo: "none", fees: { BNB: "0.0005", USDT: "0.5", USDC: "0.5" } },
  xrp: { kind: "xrp", memo: "tag", fees: { XRP: "0.25" } },
};

/** The networks an asset can be withdrawn on (empty: not withdrawable). */
export const networksOf = (asset: string): WithdrawNetwork[] => WITHDRAW_NETWORKS.filter((network) => asset in NETWORKS[network].fees);

/** Every asset some network carries. */
export const WITHDRAWABLE_ASSETS = [...new Set(WITHDRAW_NETWORKS.flatMap((network) => Object.keys(NETWORKS[network].fees)))];

/**
 * An address's state: its e-mailed link not used yet ("unconfirmed"), not used within the hour
 * ("expired": delete it and add it again), confirmed and waiting out the cooling-off
 * ("coolingOff", usable from `usableAt`), or usable.
 */
export const ADDRESS_STATES = ["unconfirmed", "expired", "coolingOff", "usable"] as const;
export type AddressState = (typeof ADDRESS_STATES)[number];

/**
 * A withdrawal's status: asked for and waiting for its e-mailed code ("awaitingCode"), confirmed
 * and held ("queued"), sent to the network ("broadcast", with its txid), seen in a block and
 * waiting for more ("confirming"), then "completed" (the hold posted) or "failed" (the hold voided,
 * the funds back). "cancelled": its code was never entered (nothing was held).
 */
export const WITHDRAWAL_STATUSES = ["awaitingCode", "queued", "broadcast", "confirming", "completed", "failed", "cancelled"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const FINAL_WITHDRAWAL_STATUSES = ["completed", "failed", "cancelled"] as const satisfies readonly WithdrawalStatus[];
export const isFinalWithdrawal = (status: WithdrawalStatus) => (FINAL_WITHDRAWAL_STATUSES as readonly WithdrawalStatus[]).includes(status);

export const ADDRESS_LABEL_MAX = 40;
/** How long the link that confirms a new address is valid. */
export const ADDRESS_LINK_MINUTES = 60;
/** How long a withdrawal's e-mailed code is valid, and how many wrong tries it takes. */
export const WITHDRAW_CODE_MINUTES = 10;
export const WITHDRAW_CODE_TRIES = 5;
/** The most addresses one user keeps. */
export const ADDRESSES_MAX = 50;
