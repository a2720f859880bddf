// Trading against the house on quotes that expire (issue 26): a quote fixes what the user pays and
// receives for a few seconds; accepting it executes exactly that, once, in the ledger. Three kinds:
// buy (cash in a quote currency → coin), sell (coin → cash) and convert (coin → coin). Amounts are
// decimal strings here and bigint minor units on the server. The routes are spread into routes.ts.
import { z } from "zod";
import { amountSchema, assetCodeSchema, decimalSchema } from "./money.ts";
import { parseAmountInput } from "./amountInput.ts";
import { formProblem } from "./fields.ts";
import { QUOTE_CURRENCIES } from "./quotes.ts";
import { failure, pricesStale, pricesUnavailable, sessionEnded, unknownSymbol, validation } from "./failures.ts";
import { routePaths } from "./routePaths.ts";

export const TRADE_KINDS = ["buy", "sell", "convert"] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];
/** Which side the typed amount is on: what is paid ("from") or what is received after the fee ("to"). */
export const TRADE_SIDES = ["from", "to"] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

const assetField = z.string({ error: formProblem }).trim().toUpperCase().pipe(assetCodeSchema);

/**
 * A positive amount as a person types it (see amountInput.ts), read into a plain decimal. A minus
 * sign or a zero is "amount.notPositive"; anything else that is not a number "amount.invalid". The
 * asset's decimals and the per-trade limits are the server's to check (their messages name them).
 */
const tradeAmountField = z.string({ error: formProblem }).transform((typed, context) => {
  const negative = /^\s*[-\u2212]/.test(typed);
  const read = parseAmountInput(negative ? typed.replace(/^\s*[-\u2212]/, "") : typed);
  if (!read.ok) {
    context.issues.push({ code: "custom", message: read.error, input: typed });
    return z.NEVER;
  }
  if (negative || /^0(\.0*)?$/.test(read.value)) {
    context.issues.push({ code: "custom", message: "amount.notPositive", input: typed });
    return z.NEVER;
  }
  return read.value;
});

// POST /user/trade/quote
export const tradeQuoteRequestSchema = z.strictObject({
  kind: z.enum(TRADE_KINDS, { error: "field.invalid" }),
  /**
   * What the user gives: a quote currency (USD, EUR, AED, SAR) for a buy, a coin for a sell or a
   * convert. `to` is what the user receives: a coin for a buy or a convert, a currency for a sell.
   * A pair that does not fit the kind is a validation failure on `from` or `to`.
   */
  from: assetField,
  to: assetField,
  side: z.enum(TRADE_SIDES, { error: "field.invalid" }).default("from"),
  amount: tradeAmountField,
});
export type TradeQuoteBody = z.input<typeof tradeQuoteRequestSchema>;

export const tradeQuoteSchema = z.object({
  /** Pass to /user/trade/accept (or /user/sell/sendOrder for a sell) before `expiresAt`. */
  id: z.uuid(),
  kind: z.enum(TRADE_KINDS),
  /** The price is in units of `quote` per one unit of `base`: the coin and the currency for buys and sells, from and to for a convert. */
  pair: z.object({ base: assetCodeSchema, quote: assetCodeSchema }),
  side: z.enum(TRADE_SIDES),
  /** The house's price, spread included: what this quote's amounts were figured at. */
  price: decimalSchema,
  /** The market's mid price at quoting (for showing the spread). */
  mid: decimalSchema,
  /** What leaves the user's balance (in `from`). */
  pay: amountSchema,
  /** What arrives in the user's balance after the fee (in `to`). */
  receive: amountSchema,
  /** Sarraf's fee, always in the asset received; `receive` is already net of it. */
  fee: amountSchema,
  feeBasisPoints: z.number().int(),
  spreadBasisPoints: z.number().int(),
  /** The per-trade limits, valued in `from`. */
  limits: z.object({ min: amountSchema, max: amountSchema }),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The server's clock when it answered: a client counts down by expiresAt − serverNow, not its own clock. */
  serverNow: z.iso.datetime(),
  /** How long a quote lives (TRADE_QUOTE_SECONDS). */
  validSeconds: z.number().int().positive(),
});
export type TradeQuote = z.output<typeof tradeQuoteSchema>;

// POST /user/trade/accept and /user/sell/sendOrder. The quote's id is the idempotency key: a
// quote executes once, and accepting it again answers the same trade.
export const acceptQuoteRequestSchema = z.strictObject({ quoteId: z.uuid({ error: "field.invalid" }) });
export type AcceptQuoteBody = z.input<typeof acceptQuoteRequestSchema>;

export const tradeSchema = z.object({
  /** The trade's id: the same as the history entry's. */
  id: z.uuid(),
  quoteId: z.uuid(),
  kind: z.enum(TRADE_KINDS),
  pair: z.object({ base: assetCodeSchema, quote: assetCodeSchema }),
  price: decimalSchema,
  /** What left the user's balance and what arrived: always equal to the quote's pay and receive. */
  paid: amountSchema,
  received: amountSchema,
  fee: amountSchema,
  /** The quote's figures, for a receipt that shows quoted beside executed. */
  quoted: z.object({ pay: amountSchema, receive: amountSchema }),
  executedAt: z.iso.datetime(),
  /** The history entry (/user/transactions-history) that lists this trade. */
  historyId: z.uuid(),
});
export type Trade = z.output<typeof tradeSchema>;

const tradingReasons = {
  quoteNotFound: failure("quoteNotFound", "No quote of this user has this id (unknown, or another user's: the two are not told apart)."),
  quoteExpired: failure("quoteExpired", "The quote's expiresAt has passed before it was accepted: nothing was executed; ask for a new quote."),
  insufficientBalance: failure(
    "insufficientBalance",
    "The available balance (holds excluded) of the asset paid is below the quote's pay: nothing was executed.",
  ),
  houseCannotFill: failure(
    "houseCannotFill",
    "The house's inventory cannot deliver the asset received, or the trade would take its holding of a coin beyond TRADE_EXPOSURE_USD: nothing quoted or executed.",
  ),
  priceMoved: failure("priceMoved", "The live mid price moved more than TRADE_PRICE_TOLERANCE_BPS since quoting: nothing was executed; ask for a new quote."),
  debtOutstanding: failure("debtOutstanding", "The user owes the house some of the asset they would give up (a reversed card buy): repay it first."),
} as const;
const quoteFailures = [
  validation,
  unknownSymbol,
  sessionEnded,
  tradingReasons.houseCannotFill,
  tradingReasons.debtOutstanding,
  pricesUnavailable,
  pricesStale,
] as const;
const acceptFailures = [
  validation,
  sessionEnded,
  tradingReasons.quoteNotFound,
  tradingReasons.quoteExpired,
  tradingReasons.insufficientBalance,
  tradingReasons.houseCannotFill,
  tradingReasons.priceMoved,
  tradingReasons.debtOutstanding,
  pricesUnavailable,
  pricesStale,
] as const;

const common = { methods: ["POST"], auth: "session", group: "Trading", status: "live" } as const;

/** The trading routes, spread into routes.ts's table (sellSendOrder keeps its spec name there). */
export const tradingRoutes = {
  tradeQuote: {
    ...common,
    path: routePaths.tradeQuote,
    summary: "A quote to buy a coin with cash, sell a coin for cash or convert one coin to another, valid for TRADE_QUOTE_SECONDS.",
    request: tradeQuoteRequestSchema,
    response: tradeQuoteSchema,
    failures: quoteFailures,
  },
  tradeAccept: {
    ...common,
    path: routePaths.tradeAccept,
    summary: "Executes a quote of the user's, once, atomically in the ledger; accepting it again answers the same trade.",
    request: acceptQuoteRequestSchema,
    response: tradeSchema,
    failures: acceptFailures,
  },
  sellSendOrder: {
    ...common,
    path: routePaths.sellSendOrder,
    summary: "The spec's name for accepting a sell: takes the id of a sell quote (a quote of another kind is a validation failure on quoteId).",
    request: acceptQuoteRequestSchema,
    response: tradeSchema,
    failures: acceptFailures,
  },
} as const;

export { QUOTE_CURRENCIES as TRADE_CURRENCIES };

/**
 * A quote refreshed while it is on screen may be worse than the one shown: by more than this (in
 * basis points of what is received, or of what is paid when the amount received is fixed) the
 * user must accept the new figures before confirming. 50 = 0.5 %.
 */
export const TRADE_REQUOTE_TOLERANCE_BPS = 50;
/** A quote is never confirmed with less than this many seconds left: the app refreshes it instead. */
export const TRADE_MIN_CONFIRM_SECONDS = 3;
