// What a user holds, valued in a quote currency: amounts from the ledger, assets and prices from the
// market's catalog. A value is never invented: an asset without a price has no value, and then
// neither has the total.
import { QUOTE_CURRENCIES, QUOTE_DECIMALS, type Balances, type QuoteCurrency } from "../../../contract/index.ts";
import { add, decimal, decimalOf, fromMinor, mul, round, toPlain, type Decimal } from "../../../contract/decimal.ts";
import type { Balance } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";

export interface BalancesDeps {
  ledger: { balances(userId: string): Promise<readonly Balance[]> };
  catalog: Pick<Catalog, "listedAssets" | "pricesIn" | "cashRate">;
}

export async function valuedBalances({ ledger, catalog }: BalancesDeps, userId: string, currency: QuoteCurrency): Promise<Balances> {
  const [held, listed] = await Promise.all([ledger.balances(userId), catalog.listedAssets()]);
  const owned = listed.flatMap((asset) => {
    const found = held.find((balance) => balance.asset === asset.symbol);
    return found && (found.balance !== 0n || found.held !== 0n) ? [{ asset, found }] : [];
  });
  const prices = await catalog.pricesIn(
    owned.map(({ asset }) => asset.symbol),
    currency,
  );
  let total: Decimal | null = decimalOf(0n, QUOTE_DECIMALS);
  const balances = owned.map(({ asset, found }) => {
    const price = prices.get(asset.symbol);
    // What is held counts too: it is still the user's until the order or withdrawal completes.
    const value = price ? round(mul(decimalOf(found.balance, asset.decimals), decimal(price.price)), QUOTE_DECIMALS, "down") : null;
    total = value === null || total === null ? null : add(total, value);
    return {
      asset: asset.symbol,
      available: fromMinor(found.available, asset.decimals),
      held: fromMinor(found.held, asset.decimals),
      value: value === null ? null : toPlain(value, { places: QUOTE_DECIMALS }),
    };
  });
  // Cash in a quote currency (what a sell gives and a buy from cash spends), after the coins.
  for (const code of QUOTE_CURRENCIES) {
    const found = held.find((balance) => balance.asset === code);
    if (!found || (found.balance === 0n && found.held === 0n)) continue;
    const rate = await catalog.cashRate(code, currency);
    const value = rate === null ? null : round(mul(decimalOf(found.balance, QUOTE_DECIMALS), decimal(rate)), QUOTE_DECIMALS, "down");
    total = value === null || total === null ? null : add(total, value);
    balances.push({
      asset: code,
      available: fromMinor(found.available, QUOTE_DECIMALS),
      held: fromMinor(found.held, QUOTE_DECIMALS),
      value: value === null ? null : toPlain(value, { places: QUOTE_DECIMALS }),
    });
  }
  return { currency, balances, total: total === null ? null : toPlain(total, { places: QUOTE_DECIMALS }) };
}
