// Profit and loss (issue 26): the portfolio's holdings with their cost basis, the total's value over
// time, and the buy/sell report with its CSV. Every figure comes from one cost-basis calculation on
// the server (server/modules/portfolio/cost-basis.ts), in one method everywhere: page, report, CSV.
import { z } from "zod";
import { assetCodeSchema, decimalSchema } from "./money.ts";
import { currencyField } from "./onramp.ts";
import { COST_METHODS, DEFAULT_COST_METHOD, VALUE_RANGES } from "./portfolioVocabulary.ts";
import { QUOTE_CURRENCIES } from "./quotes.ts";

export { COST_METHODS, DEFAULT_COST_METHOD, VALUE_RANGES, type CostMethod, type ValueRange } from "./portfolioVocabulary.ts";

const methodField = z.enum(COST_METHODS, { error: "field.invalid" }).default(DEFAULT_COST_METHOD);
const dateField = z.iso.date({ error: "date.invalid" });

// /user/portfolio
export const portfolioRequestSchema = z.strictObject({ currency: currencyField, method: methodField });
export type PortfolioBody = z.input<typeof portfolioRequestSchema>;
export const holdingSchema = z.object({
  asset: assetCodeSchema,
  /** A coin, or cash in a quote currency. */
  kind: z.enum(["coin", "cash"]),
  /** Available + held. */
  amount: decimalSchema,
  /** Price now in the chosen currency; null while unknown (never invented). */
  price: decimalSchema.nullable(),
  value: decimalSchema.nullable(),
  /** Percent of the total value, two places; null while any value is unknown. */
  share: decimalSchema.nullable(),
  /** What is held cost, fees included; null when part of it arrived with no known cost. */
  costBasis: decimalSchema.nullable(),
  unrealised: decimalSchema.nullable(),
  /** Gains realised on what was sold or converted (sales flagged for an unknown basis count nothing). */
  realised: decimalSchema,
  /** Sales or converts of this asset whose cost basis is not known. */
  unknownBasisSales: z.number().int(),
});
export type Holding = z.output<typeof holdingSchema>;
const totalsSchema = z.object({
  value: decimalSchema.nullable(),
  costBasis: decimalSchema.nullable(),
  unrealised: decimalSchema.nullable(),
  realised: decimalSchema,
});
export const portfolioSchema = z.object({
  currency: z.enum(QUOTE_CURRENCIES),
  method: z.enum(COST_METHODS),
  holdings: z.array(holdingSchema),
  total: totalsSchema,
});
export type Portfolio = z.output<typeof portfolioSchema>;

// /user/portfolio/value
export const portfolioValueRequestSchema = z.strictObject({
  currency: currencyField,
  range: z.enum(VALUE_RANGES, { error: "range.unknown" }).default("1M"),
});
export type PortfolioValueBody = z.input<typeof portfolioValueRequestSchema>;
export const portfolioValueSchema = z.object({
  currency: z.enum(QUOTE_CURRENCIES),
  range: z.enum(VALUE_RANGES),
  /** One a day (UTC), oldest first, ending today: what was held at the day's end at that day's prices; null where a price is unknown. */
  points: z.array(z.object({ date: z.iso.date(), value: decimalSchema.nullable() })),
});
export type PortfolioValue = z.output<typeof portfolioValueSchema>;

// /user/buy-sell-report
export const reportRequestSchema = z.strictObject({
  currency: currencyField,
  method: methodField,
  /** Inclusive calendar days (UTC); without them, from the first movement to today. */
  from: dateField.optional(),
  to: dateField.optional(),
});
export type ReportBody = z.input<typeof reportRequestSchema>;
export const reportAssetSchema = z.object({
  asset: assetCodeSchema,
  bought: decimalSchema,
  /** What the buys cost before fees, and per unit; null when nothing was bought. */
  boughtValue: decimalSchema,
  averageBuyPrice: decimalSchema.nullable(),
  sold: decimalSchema,
  soldValue: decimalSchema,
  averageSellPrice: decimalSchema.nullable(),
  convertedIn: decimalSchema,
  convertedOut: decimalSchema,
  fees: decimalSchema,
  realised: decimalSchema,
  unknownBasisSales: z.number().int(),
});
export type ReportAsset = z.output<typeof reportAssetSchema>;
export const reportSchema = z.object({
  currency: z.enum(QUOTE_CURRENCIES),
  method: z.enum(COST_METHODS),
  from: z.iso.date().nullable(),
  to: z.iso.date(),
  assets: z.array(reportAssetSchema),
  totals: z.object({ boughtValue: decimalSchema, soldValue: decimalSchema, fees: decimalSchema, realised: decimalSchema }),
  /** The same figures row by row as RFC 4180 CSV (README "Buy/sell report CSV" lists the columns). */
  csv: z.string(),
  filename: z.string(),
});
export type Report = z.output<typeof reportSchema>;
