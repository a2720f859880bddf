// One user's trades valued in a report currency: the ledger's movements, the card buys' orders
// (from the on-ramp's history source, every page) and the price history, read for one answer.
import { QUOTE_DECIMALS, type BuyOrder, type HistoryEntry, type QuoteCurrency } from "../../../contract/index.ts";
import type { Ledger } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";
import { createValuer, type PriceHistoryCache, type Valuer } from "./fair-value.ts";
import type { AnyHistorySource, HistoryPosition } from "./history.ts";
import { tradesOf, type Trade } from "./trades.ts";

export interface LedgerTradesDeps {
  ledger: Pick<Ledger, "balances" | "movements">;
  catalog: Pick<Catalog, "listedAssets" | "pricesIn" | "prices" | "fx">;
  history: readonly AnyHistorySource[];
  priceHistory: PriceHistoryCache;
  now: () => Date;
}

const PAGE = 200;

/** Every card buy of the user, by order id. */
async function cardBuys(sources: readonly AnyHistorySource[], userId: string): Promise<Map<string, BuyOrder>> {
  const found = new Map<string, BuyOrder>();
  const source = sources.find((s) => s.type === "buy");
  let after: HistoryPosition | null = null;
  for (;;) {
    const page: HistoryEntry[] = source ? await source.page({ userId, after, limit: PAGE }) : [];
    for (const entry of page) if (entry.type === "buy") found.set(entry.id, entry);
    const last = page.at(-1);
    if (page.length < PAGE || !last) return found;
    after = { at: new Date(last.createdAt), id: last.id };
  }
}

export interface LedgerTrades {
  trades: Trade[];
  valuer: Valuer;
  decimals: Map<string, number>;
}

export async function ledgerTrades(deps: LedgerTradesDeps, userId: string, currency: QuoteCurrency): Promise<LedgerTrades> {
  const [movements, buys, listed, valuer] = await Promise.all([
    deps.ledger.movements(userId),
    cardBuys(deps.history, userId),
    deps.catalog.listedAssets(),
    createValuer({ prices: deps.catalog.prices, fx: deps.catalog.fx, history: deps.priceHistory, now: deps.now, places: QUOTE_DECIMALS }, currency),
  ]);
  const decimals = new Map(listed.map((asset) => [asset.symbol, asset.decimals]));
  return { trades: await tradesOf({ movements, buys, decimals, valuer }), valuer, decimals };
}
