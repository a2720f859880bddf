// Buying crypto by card through the on-ramp (spec section 7: /user/swipelux/*), the balances the
// ledger keeps, and the transaction history. Amounts travel as decimal strings, never numbers.
import { z } from "zod";
import { DEFAULT_QUOTE, QUOTE_CURRENCIES } from "./quotes.ts";
import { amountSchema, assetCodeSchema, decimalSchema } from "./money.ts";
import { formProblem } from "./fields.ts";

export {
  FINAL_ORDER_STATUSES,
  ORDER_STATUSES,
  ORDER_STEPS,
  HISTORY_TYPES,
  HISTORY_PAGE_MAX,
  ONRAMP_CARD_DECIMALS,
  isFinalOrderStatus,
  type OrderStatus,
  type OrderStep,
  type HistoryType,
} from "./onrampVocabulary.ts";
import { HISTORY_PAGE_MAX, HISTORY_TYPES, ORDER_STATUSES, ORDER_STEPS } from "./onrampVocabulary.ts";

const symbolField = z.string({ error: formProblem }).trim().toUpperCase().pipe(assetCodeSchema).meta({ description: "The crypto asset bought, e.g. BTC." });
const currencyField = z
  .string({ error: formProblem })
  .trim()
  .toUpperCase()
  .pipe(z.enum(QUOTE_CURRENCIES, { error: "currency.unknown" }))
  .default(DEFAULT_QUOTE);
/** A positive plain decimal; its number of decimals is checked against the side's asset by the server. */
const positiveAmountField = z
  .string({ error: formProblem })
  .trim()
  .max(60, { error: "amount.invalid" })
  .regex(/^(0|[1-9]\d*)(\.\d+)?$/, { error: "amount.invalid" })
  .refine((value) => /[1-9]/.test(value), { error: "amount.notPositive" });
const orderIdField = z.uuid({ error: "order.notFound" });

/** What the buyer typed: an amount of the fiat currency paid, or of the crypto asset received. */
export const buyAmountSchema = z.strictObject({
  asset: symbolField,
  currency: currencyField,
  /** Which side `amount` is in: "fiat" (pay 100 USD) or "crypto" (receive 0.001 BTC). */
  side: z.enum(["fiat", "crypto"], { error: "field.invalid" }).default("fiat"),
  amount: positiveAmountField,
});
export type BuyAmountBody = z.input<typeof buyAmountSchema>;

// /user/swipelux/quote: the estimate shown before paying, by the same arithmetic as the order.
export const buyQuoteSchema = z.object({
  asset: assetCodeSchema,
  currency: z.enum(QUOTE_CURRENCIES),
  /** What the card is charged. */
  pay: amountSchema,
  /** What is credited to the buyer's balance after the fee. */
  receive: amountSchema,
  /** Sarraf's fee, in the crypto asset. */
  fee: amountSchema,
  feeBasisPoints: z.number().int(),
  /** The price used: fiat per one unit of the asset. */
  price: decimalSchema,
  /** The per-order limits in this currency. */
  limits: z.object({ min: amountSchema, max: amountSchema }),
});
export type BuyQuote = z.output<typeof buyQuoteSchema>;

// /user/swipelux/sendOrder
export const sendOrderSchema = buyAmountSchema.extend({
  /** One order per key: a retried request answers the first order. */
  idempotencyKey: z.string({ error: formProblem }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "field.invalid" }),
});
export type SendOrderBody = z.input<typeof sendOrderSchema>;

export const orderStepSchema = z.object({ step: z.enum(ORDER_STEPS), at: z.iso.datetime() });
export type OrderTimelineEntry = z.output<typeof orderStepSchema>;

export const buyOrderSchema = z.object({
  id: z.uuid(),
  type: z.literal("buy"),
  asset: assetCodeSchema,
  currency: z.enum(QUOTE_CURRENCIES),
  status: z.enum(ORDER_STATUSES),
  pay: amountSchema,
  /** The estimate until the order completes; then what was credited. */
  receive: amountSchema,
  fee: amountSchema,
  price: decimalSchema,
  /** The provider's payment page; null once the order is final. */
  paymentUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  timeline: z.array(orderStepSchema),
});
export type BuyOrder = z.output<typeof buyOrderSchema>;

// /user/swipelux/status
export const orderStatusRequestSchema = z.strictObject({ orderId: orderIdField });
export type OrderStatusBody = z.input<typeof orderStatusRequestSchema>;

// /user/transactions-history
const dateField = z.iso.date({ error: "date.invalid" });
export const historyRequestSchema = z.strictObject({
  type: z.enum(HISTORY_TYPES, { error: "field.invalid" }).optional(),
  asset: symbolField.optional(),
  status: z.enum(ORDER_STATUSES, { error: "field.invalid" }).optional(),
  /** Inclusive calendar days (UTC). */
  from: dateField.optional(),
  to: dateField.optional(),
  cursor: z.string({ error: formProblem }).max(200, { error: "field.invalid" }).optional(),
  limit: z
    .number({ error: "field.invalid" })
    .int({ error: "field.invalid" })
    .min(1, { error: "field.invalid" })
    .max(HISTORY_PAGE_MAX, { error: "field.invalid" })
    .default(20),
});
export type HistoryBody = z.input<typeof historyRequestSchema>;
export const historySchema = z.object({
  items: z.array(buyOrderSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type History = z.output<typeof historySchema>;

// /user/balances
export const balancesRequestSchema = z.strictObject({ currency: currencyField });
export const balanceSchema = z.object({
  asset: assetCodeSchema,
  /** What may be spent now. */
  available: decimalSchema,
  /** Held by orders and withdrawals under way. */
  held: decimalSchema,
  /** available + held in the chosen currency, or null while prices are unavailable. */
  value: decimalSchema.nullable(),
});
export type AssetBalance = z.output<typeof balanceSchema>;
export const balancesSchema = z.object({
  currency: z.enum(QUOTE_CURRENCIES),
  balances: z.array(balanceSchema),
  /** The sum of every value, or null while prices are unavailable. */
  total: decimalSchema.nullable(),
});
export type Balances = z.output<typeof balancesSchema>;
