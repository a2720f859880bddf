// What other features may use of the portfolio: the balances, and the ways to show them.
export { useBalances } from "./hooks/useBalances.ts";
export { AssetAmount } from "./components/AssetAmount.tsx";
export { BalancesFailed, NoCrypto } from "./components/BalanceStates.tsx";
export { assetInfo, sortBalances, type AssetLookup } from "./lib/balances.ts";
