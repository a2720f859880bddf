// How balances read: which asset each is (name, colour, decimals), in which order, how many digits.
import type { Asset, AssetBalance, CurrencyList } from "../../../../contract/index.ts";
import { compare } from "../../../../contract/decimal.ts";
import { QUOTE_CURRENCIES, QUOTE_DECIMALS } from "../../../../contract/quotes.ts";

export type AssetInfo = Pick<Asset, "symbol" | "name" | "color" | "decimals" | "rank">;
export type AssetLookup = ReadonlyMap<string, AssetInfo>;

const cashColor = "#64748b";

/** Every listed asset by symbol, and the quote currencies as the cash they are held in (their names, in cents). */
export function assetLookupOf(list: CurrencyList | null | undefined): AssetLookup {
  const lookup = new Map<string, AssetInfo>((list?.assets ?? []).map((asset) => [asset.symbol, asset]));
  for (const currency of list?.currencies ?? [])
    if (!lookup.has(currency.code))
      lookup.set(currency.code, { symbol: currency.code, name: currency.name, color: cashColor, decimals: currency.decimals, rank: Number.MAX_SAFE_INTEGER });
  return lookup;
}

/** Crypto amounts show the asset's own digits, at most 8 (ETH's 18 would only add zeros). */
export const MAX_AMOUNT_DECIMALS = 8;

/** A listed asset's name and colour; an asset the list does not know (delisted since) still shows, in grey. */
export function assetInfo(assets: AssetLookup, symbol: string): AssetInfo {
  const listed = assets.get(symbol);
  if (listed) return listed;
  // Cash in a quote currency is not a listed asset: it counts in cents ($8.94, not $8.94000000).
  const decimals = (QUOTE_CURRENCIES as readonly string[]).includes(symbol) ? QUOTE_DECIMALS : MAX_AMOUNT_DECIMALS;
  return { symbol, name: { en: symbol, ar: symbol }, color: cashColor, decimals, rank: Number.MAX_SAFE_INTEGER };
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
