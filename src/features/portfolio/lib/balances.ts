// How balances read: which asset each is (name, colour, decimals), in which order, how many digits.
import type { Asset, AssetBalance } from "../../../../contract/index.ts";
import { compare } from "../../../../contract/decimal.ts";

export type AssetLookup = ReadonlyMap<string, Asset>;
export type AssetInfo = Pick<Asset, "symbol" | "name" | "color" | "decimals" | "rank">;

/** Crypto amounts show the asset's own digits, at most 8 (ETH's 18 would only add zeros). */
export const MAX_AMOUNT_DECIMALS = 8;

/** A listed asset's name and colour; an asset the list does not know (delisted since) still shows, in grey. */
export function assetInfo(assets: AssetLookup, symbol: string): AssetInfo {
  return assets.get(symbol) ?? { symbol, name: { en: symbol, ar: symbol }, color: "#64748b", decimals: MAX_AMOUNT_DECIMALS, rank: Number.MAX_SAFE_INTEGER };
}

export const amountDecimals = (asset: AssetInfo): number => Math.min(asset.decimals, MAX_AMOUNT_DECIMALS);

/** The largest holdings first by value; those without a value (no price yet) after them, by market rank. */
export function sortBalances(balances: readonly AssetBalance[], assets: AssetLookup): AssetBalance[] {
  return [...balances].sort((a, b) => {
    if (a.value !== null && b.value !== null) {
      const byValue = compare(b.value, a.value);
      if (byValue !== 0) return byValue;
    } else if (a.value !== b.value) return a.value === null ? 1 : -1;
    return assetInfo(assets, a.asset).rank - assetInfo(assets, b.asset).rank;
  });
}
