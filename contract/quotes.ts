// The market's constants, apart from its schemas: views import these without loading zod.

/** Quote currencies a price can be asked in; USD is the default. */
export const QUOTE_CURRENCIES = ["USD", "EUR", "AED", "SAR"] as const;
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];
export const DEFAULT_QUOTE: QuoteCurrency = "USD";

/** Chart ranges of /market/price-history. */
export const PRICE_RANGES = ["1D", "1W", "1M", "1Y"] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** A price older than this many seconds is shown as stale (the server marks it too). */
export const PRICE_STALE_AFTER_SECONDS = 30;
/** How often the SPA asks for fresh prices while the tab is visible. */
export const PRICE_POLL_SECONDS = 5;

/** Amounts in a quote currency have two decimals (cents), whatever the currency. */
export const QUOTE_DECIMALS = 2;
