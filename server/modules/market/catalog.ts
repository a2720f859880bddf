// The market's catalog and prices as one service: the listed assets (one cache of their table) and
// the price of an asset in a quote currency as an exact decimal with its age. The on-ramp, the
// portfolio and every later feature ask here; no other module reads the assets table.
import { asc } from "drizzle-orm";
import type { Asset, QuoteCurrency } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { priceString } from "./format.ts";
import { createFxHistory, type FxHistory } from "./fx-history.ts";
import type { PriceService } from "./prices.ts";
import { assets, type AssetRow } from "./schema.ts";
import type { SourceSnapshot } from "./source.ts";

/** The assets table changes only by migration: read it again after this long. */
const ASSETS_TTL_MS = 60_000;

/** What one unit of an asset costs in a quote currency, and how old that is. */
export interface AssetPrice {
  symbol: string;
  currency: QuoteCurrency;
  /** A plain decimal: the market's price times the currency's rate, as the market shows it. */
  price: string;
  /** Units of the currency per US dollar, a plain decimal with six places ("1.000000" for USD). */
  perUsd: string;
  at: Date;
  ageSeconds: number;
  stale: boolean;
}

export interface Catalog {
  /** Every listed asset by rank (tradable or not). */
  listedAssets(): Promise<Asset[]>;
  /** The listed asset with this symbol, or null. */
  assetOf(symbol: string): Promise<Asset | null>;
  /** The price now, or null while the source has never answered or does not know the asset. */
  priceIn(symbol: string, currency: QuoteCurrency): Promise<AssetPrice | null>;
  /** The prices of many assets from one snapshot (a page of balances is valued at one moment). */
  pricesIn(symbols: readonly string[], currency: QuoteCurrency): Promise<Map<string, AssetPrice>>;
  /** Units of `to` per unit of cash in `from` (six places), from the latest snapshot's rates; null before the source ever answered. */
  cashRate(from: QuoteCurrency, to: QuoteCurrency): Promise<string | null>;
  /** The price service behind it (the market's own routes read tickers and charts from it). */
  readonly prices: PriceService;
  /** The exchange rates of past days (the composition root has it record each snapshot). */
  readonly fx: FxHistory;
}

const toAsset = (row: AssetRow): Asset => ({
  symbol: row.symbol,
  name: { en: row.nameEn, ar: row.nameAr },
  decimals: row.decimals,
  color: row.color,
  rank: row.rank,
  tradable: row.tradable,
  stablecoin: row.stablecoin,
});

export interface CatalogDeps {
  db: Db;
  prices: PriceService;
  now: () => Date;
}

export function createCatalog({ db, prices, now }: CatalogDeps): Catalog {
  let listed: { at: number; assets: Promise<Asset[]> } | null = null;

  /** One read at a time: requests that find the cache expired share the read already under way; a failed read is forgotten. */
  function listedAssets(): Promise<Asset[]> {
    const at = now().getTime();
    if (listed && at - listed.at < ASSETS_TTL_MS) return listed.assets;
    const reading = db
      .select()
      .from(assets)
      .orderBy(asc(assets.rank))
      .then((rows) => rows.map(toAsset));
    const entry = { at, assets: reading };
    listed = entry;
    reading.catch(() => {
      if (listed === entry) listed = null;
    });
    return reading;
  }

  function priceOf(snapshot: SourceSnapshot, symbol: string, currency: QuoteCurrency): AssetPrice | null {
    const ticker = snapshot.tickers.get(symbol);
    const rate = prices.perUsd(snapshot, currency);
    if (!ticker || !(ticker.price > 0) || !(rate > 0)) return null;
    const { ageSeconds, stale } = prices.freshness(snapshot);
    return {
      symbol,
      currency,
      price: priceString(ticker.price * rate),
      perUsd: currency === "USD" ? "1.000000" : rate.toFixed(6),
      at: snapshot.at,
      ageSeconds,
      stale,
    };
  }

  return {
    prices,
    fx: createFxHistory({ db, prices, now }),
    listedAssets,
    assetOf: async (symbol) => (await listedAssets()).find((asset) => asset.symbol === symbol) ?? null,
    async priceIn(symbol, currency) {
      const snapshot = await prices.latest();
      return snapshot ? priceOf(snapshot, symbol, currency) : null;
    },
    async cashRate(from, to) {
      if (from === to) return "1";
      const snapshot = await prices.latest();
      if (!snapshot) return null;
      const rate = prices.perUsd(snapshot, to) / prices.perUsd(snapshot, from);
      return rate > 0 && Number.isFinite(rate) ? rate.toFixed(6) : null;
    },
    async pricesIn(symbols, currency) {
      const snapshot = await prices.latest();
      const found = new Map<string, AssetPrice>();
      if (!snapshot) return found;
      for (const symbol of symbols) {
        const price = priceOf(snapshot, symbol, currency);
        if (price) found.set(symbol, price);
      }
      return found;
    },
  };
}
