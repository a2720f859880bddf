// Buying crypto by card through the on-ramp (spec section 7: /user/swipelux/*). Amounts travel as
// decimal strings, never numbers; balances and the history are the portfolio's (portfolio.ts).
import { z } from "zod";
import { DEFAULT_QUOTE, QUOTE_CURRENCIES } from "./quotes.ts";
import { amountSchema, assetCodeSchema, decimalSchema } from "./money.ts";
import { decimal, parseAmountInput, sign } from "./decimal.ts";
import { formProblem } from "./fields.ts";

export {
  FINAL_ORDER_STATUSES,
  ORDER_STATUSES,
  ORDER_STEPS,
  ONRAMP_CARD_DECIMALS,
  REVERSED_ORDER_STATUSES,
  isFinalOrderStatus,
  isReversedOrderStatus,
  type OrderStatus,
  type OrderStep,
} from "./onrampVocabulary.ts";
import { ORDER_STATUSES, ORDER_STEPS } from "./onrampVocabulary.ts";

export const symbolField = z
  .string({ error: formProblem })
  .trim()
  .toUpperCase()
  .pipe(assetCodeSchema)
  .meta({ description: "The crypto asset bought, e.g. BTC." });
export const currencyField = z
  .string({ error: formProblem })
  .trim()
  .toUpperCase()
  .pipe(z.enum(QUOTE_CURRENCIES, { error: "currency.unknown" }))
  .default(DEFAULT_QUOTE);
/**
 * A positive amount as a person types it ("1,000.50", "$1,000.50", "١٬٠٠٠", ".5"), read into the
 * canonical plain decimal the server works with; its decimals are checked against the side's asset by the server.
 */
const positiveAmountField = z
  .string({ error: formProblem })
  .transform((typed, context) => {
    const read = parseAmountInput(typed);
    if (read.ok) return read.value;
    context.issues.push({ code: "custom", message: read.error, input: typed });
    return z.NEVER;
  })
  .refine((value) => sign(decimal(value)) > 0, { error: "amount.notPositive" });
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
