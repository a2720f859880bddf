import { and, asc, eq } from "drizzle-orm";
import type { Asset, DashboardMarket, QuoteCurrency, RoutesWithReason, Ticker } from "../../../contract/index.ts";
import { QUOTE_CURRENCIES } from "../../../contract/index.ts";
import { readOptionalAuth } from "../auth/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { percentString, priceString, wholeString } from "./format.ts";
import type { Catalog } from "./catalog.ts";
import { QUOTE_NAMES } from "./prices.ts";
import { assets, userFavourites } from "./schema.ts";
import type { SourceSnapshot, SourceTicker } from "./source.ts";

const SPARKLINE_POINTS = 42;

/** The market calls: every price from the price service's memory, assets from the catalog. */
/** What the market's routes need: the platform and the catalog. */
export interface MarketDeps extends PlatformDeps {
  catalog: Catalog;
}

export function marketHandlers(s: MarketDeps) {
  const db = s.database.db;
  const optionalAuth = readOptionalAuth(s);
  const { catalog } = s;
  const prices = catalog.prices;
  const listedAssets = () => catalog.listedAssets();

  async function assetOf(route: RoutesWithReason<"unknownSymbol">, symbol: string): Promise<Asset> {
    const asset = await catalog.assetOf(symbol);
    if (!asset) throw refuse(route, "unknownSymbol");
    return asset;
  }

  async function snapshot(route: RoutesWithReason<"pricesUnavailable">): Promise<SourceSnapshot> {
    const current = await prices.latest();
    if (!current) throw refuse(route, "pricesUnavailable");
    return current;
  }

  function ticker(current: SourceSnapshot, symbol: string, currency: QuoteCurrency): Ticker | null {
    const t: SourceTicker | undefined = current.tickers.get(symbol);
    const rate = prices.perUsd(current, currency);
    if (!t || !(rate > 0)) return null;
    return {
      symbol,
      price: priceString(t.price * rate),
      change24h: percentString(t.open24h, t.price),
      high24h: priceString(t.high24h * rate),
      low24h: priceString(t.low24h * rate),
      volume24h: wholeString(t.volume24h * rate),
    };
  }

  async function favouritesOf(userId: string): Promise<string[]> {
    const rows = await db
      .select({ symbol: userFavourites.symbol })
      .from(userFavourites)
      .innerJoin(assets, eq(assets.symbol, userFavourites.symbol))
      .where(eq(userFavourites.userId, userId))
      .orderBy(asc(assets.rank));
    return rows.map((row) => row.symbol);
  }

  return handlers({
    currencyList: {
      success: "success.ok",
      handle: async (c) => {
        const auth = await optionalAuth(c.req.header("Authorization"));
        const current = await prices.latest();
        return {
          assets: await listedAssets(),
          currencies: QUOTE_CURRENCIES.map((code) => ({
            code,
            name: QUOTE_NAMES[code],
            decimals: 2,
            perUsd: current ? priceString(prices.perUsd(current, code)) : code === "USD" ? "1.00" : priceString(Number(s.env.QUOTE_RATES[code])),
          })),
          favourites: auth ? await favouritesOf(auth.user.id) : null,
        };
      },
    },
    getPrice: {
      success: "success.ok",
      handle: async (_c, { symbol, currency }) => {
        await assetOf("getPrice", symbol);
        const current = await snapshot("getPrice");
        const found = ticker(current, symbol, currency);
        if (!found) throw refuse("getPrice", "pricesUnavailable");
        return { ...found, currency, ...prices.freshness(current) };
      },
    },
    marketTickers: {
      success: "success.ok",
      handle: async (_c, { currency }) => {
        const current = await snapshot("marketTickers");
        const rate = prices.perUsd(current, currency);
        const tickers = [];
        for (const asset of await listedAssets()) {
          const found = ticker(current, asset.symbol, currency);
          if (!found) continue;
          const month = await prices.history(asset.symbol, "1M").catch(() => []);
          // The last 7 days at 4 hours: the month's 4-hour closes, without the live point.
          const closes = month.slice(0, -1).slice(-SPARKLINE_POINTS);
          tickers.push({ ...found, sparkline: closes.map((point) => priceString(point.p * rate)) });
        }
        return { currency, tickers, ...prices.freshness(current) };
      },
    },
    priceHistory: {
      success: "success.ok",
      handle: async (_c, { symbol, currency, range }) => {
        await assetOf("priceHistory", symbol);
        const current = await snapshot("priceHistory");
        const rate = prices.perUsd(current, currency);
        const points = await prices.history(symbol, range).catch(() => {
          throw refuse("priceHistory", "pricesUnavailable");
        });
        if (points.length === 0) throw refuse("priceHistory", "pricesUnavailable");
        const values = points.map((point) => point.p * rate);
        return {
          symbol,
          currency,
          range,
          points: points.map((point, i) => ({ t: point.t, p: priceString(values[i]!) })),
          high: priceString(Math.max(...values)),
          low: priceString(Math.min(...values)),
          change: percentString(values[0]!, values.at(-1)!),
          ...prices.freshness(current),
        };
      },
    },
    addFavToken: {
      success: "success.ok",
      handle: async (c, { symbol, favourite }) => {
        await assetOf("addFavToken", symbol);
        const userId = c.var.auth.user.id;
        // One statement each way: adding twice or removing what is not there changes nothing.
        if (favourite) await db.insert(userFavourites).values({ userId, symbol, createdAt: s.now() }).onConflictDoNothing();
        else await db.delete(userFavourites).where(and(eq(userFavourites.userId, userId), eq(userFavourites.symbol, symbol)));
        return { favourites: await favouritesOf(userId) };
      },
    },
    dashboardMarketInfo: {
      success: "success.ok",
      handle: async (c, { currency }): Promise<DashboardMarket> => {
        const current = await snapshot("dashboardMarketInfo");
        const listedNow = await listedAssets();
        const all = listedNow.map((asset) => ({ asset, ticker: ticker(current, asset.symbol, currency) })).filter((row) => row.ticker !== null);
        const favourites = new Set(await favouritesOf(c.var.auth.user.id));
        const movers = all.filter((row) => !row.asset.stablecoin).sort((a, b) => Number(b.ticker!.change24h) - Number(a.ticker!.change24h));
        const total = all.reduce((sum, row) => sum + (current.tickers.get(row.asset.symbol)?.volume24h ?? 0), 0);
        return {
          currency,
          favourites: all.filter((row) => favourites.has(row.asset.symbol)).map((row) => row.ticker!),
          gainers: movers.slice(0, 3).map((row) => row.ticker!),
          losers: movers
            .slice(-3)
            .reverse()
            .map((row) => row.ticker!),
          summary: {
            assets: all.length,
            advancing: all.filter((row) => Number(row.ticker!.change24h) > 0).length,
            declining: all.filter((row) => Number(row.ticker!.change24h) < 0).length,
            volume24h: wholeString(total * prices.perUsd(current, currency)),
          },
          portfolio: null,
          ...prices.freshness(current),
        };
      },
    },
  });
}
