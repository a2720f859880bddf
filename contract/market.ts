// The market calls (spec section 7, "Market"): assets, quote currencies, prices, history and favourites.
// Prices are market quotes, not balances: they travel as plain decimal strings (never a JSON number),
// with as many digits as the asset's price needs ("97123.45", "0.00001234").
import { z } from "zod";
import { assetCodeSchema, decimalSchema } from "./money.ts";

import { QUOTE_CURRENCIES, PRICE_RANGES, DEFAULT_QUOTE } from "./quotes.ts";

export * from "./quotes.ts";

const localizedName = z.object({ en: z.string(), ar: z.string() });

/** A listed crypto asset, as data (the assets table). */
export const assetSchema = z.object({
  symbol: assetCodeSchema,
  name: localizedName,
  /** Decimals of the asset's minor unit (BTC 8, ETH 18, USDT 6). */
  decimals: z.number().int().min(0).max(36),
  /** Brand colour of the asset's badge, #rrggbb. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  /** Market-cap rank, 1 is the largest. */
  rank: z.number().int().min(1),
  tradable: z.boolean(),
  stablecoin: z.boolean(),
});
export type Asset = z.output<typeof assetSchema>;

export const quoteCurrencySchema = z.object({
  code: z.enum(QUOTE_CURRENCIES),
  name: localizedName,
  /** Fraction digits shown (2 for all of today's). */
  decimals: z.number().int().min(0).max(8),
  /** Units of this currency per 1 USD, as a decimal string ("3.6725" AED). */
  perUsd: decimalSchema,
});
export type QuoteCurrencyInfo = z.output<typeof quoteCurrencySchema>;

/** Where prices come from, and how fresh they are. */
export const freshnessSchema = z.object({
  /** When the source produced the snapshot these prices belong to (ISO 8601). */
  at: z.iso.datetime(),
  /** Seconds between `at` and the server's answer. */
  ageSeconds: z.number().int().min(0),
  /** The source has not answered for longer than PRICE_STALE_AFTER_SECONDS: the prices are the last known. */
  stale: z.boolean(),
  /** "simulator" (offline, deterministic) or "binance" (USDT pairs treated as USD). */
  source: z.enum(["simulator", "binance"]),
});
export type Freshness = z.output<typeof freshnessSchema>;

/** One asset's price in one currency, with its last 24 hours. */
export const tickerSchema = z.object({
  symbol: assetCodeSchema,
  price: decimalSchema,
  /** Percent change over 24 hours, two decimals ("-2.35"). */
  change24h: decimalSchema,
  high24h: decimalSchema,
  low24h: decimalSchema,
  /** Traded value over 24 hours in the quote currency, whole units. */
  volume24h: decimalSchema,
});
export type Ticker = z.output<typeof tickerSchema>;

const symbolField = z.string().trim().toUpperCase().pipe(assetCodeSchema);
const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(QUOTE_CURRENCIES, { error: "currency.unknown" }))
  .default(DEFAULT_QUOTE);

// /currency/list
/** Takes no body (a GET has none; a POST's is ignored). */
export const currencyListRequestSchema = z.unknown();
export const currencyListSchema = z.object({
  assets: z.array(assetSchema),
  currencies: z.array(quoteCurrencySchema),
  /** The signed-in user's favourite symbols, or null when the call carries no session. */
  favourites: z.array(assetCodeSchema).nullable(),
});
export type CurrencyList = z.output<typeof currencyListSchema>;

// /user/get-price
export const getPriceSchema = z.strictObject({ symbol: symbolField, currency: currencyField });
export type GetPriceBody = z.input<typeof getPriceSchema>;
export const priceSchema = tickerSchema.extend({ currency: z.enum(QUOTE_CURRENCIES) }).extend(freshnessSchema.shape);
export type Price = z.output<typeof priceSchema>;

// /market/tickers: every listed asset, for the market page.
export const tickersRequestSchema = z.strictObject({ currency: currencyField });
export const tickersSchema = z
  .object({
    currency: z.enum(QUOTE_CURRENCIES),
    /** Each asset's ticker with its last 7 days as 42 closing prices (every 4 hours), oldest first. */
    tickers: z.array(tickerSchema.extend({ sparkline: z.array(decimalSchema) })),
  })
  .extend(freshnessSchema.shape);
export type Tickers = z.output<typeof tickersSchema>;

// /market/price-history
export const priceHistoryRequestSchema = z.strictObject({
  symbol: symbolField,
  currency: currencyField,
  range: z.enum(PRICE_RANGES, { error: "range.unknown" }).default("1D"),
});
export type PriceHistoryBody = z.input<typeof priceHistoryRequestSchema>;
export const pricePointSchema = z.object({
  /** Unix time in seconds. */
  t: z.number().int(),
  p: decimalSchema,
});
export const priceHistorySchema = z
  .object({
    symbol: assetCodeSchema,
    currency: z.enum(QUOTE_CURRENCIES),
    range: z.enum(PRICE_RANGES),
    /** Oldest first; 1D every 5 minutes, 1W hourly, 1M every 4 hours, 1Y daily, ending with the latest price. */
    points: z.array(pricePointSchema),
    high: decimalSchema,
    low: decimalSchema,
    /** Percent change from the first point to the last, two decimals. */
    change: decimalSchema,
  })
  .extend(freshnessSchema.shape);
export type PriceHistory = z.output<typeof priceHistorySchema>;

// /user/add-fav-token: sets whether a symbol is a favourite (idempotent both ways).
export const favouriteSchema = z.strictObject({ symbol: symbolField, favourite: z.boolean().default(true) });
export type FavouriteBody = z.input<typeof favouriteSchema>;
export const favouritesSchema = z.object({ favourites: z.array(assetCodeSchema) });

// /user/dashboard-market-info
export const dashboardMarketRequestSchema = z.strictObject({ currency: currencyField });
export const dashboardMarketSchema = z
  .object({
    currency: z.enum(QUOTE_CURRENCIES),
    favourites: z.array(tickerSchema),
    /** The 3 largest 24-hour rises and falls among non-stablecoins. */
    gainers: z.array(tickerSchema),
    losers: z.array(tickerSchema),
    summary: z.object({
      assets: z.number().int(),
      advancing: z.number().int(),
      declining: z.number().int(),
      /** Total traded value over 24 hours in the quote currency, whole units. */
      volume24h: decimalSchema,
    }),
    /** Filled by the portfolio issues; null until the user holds something. */
    portfolio: z.null(),
  })
  .extend(freshnessSchema.shape);
export type DashboardMarket = z.output<typeof dashboardMarketSchema>;
