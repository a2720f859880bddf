// The exchange ticket's types, timings and the small pure rules its guards use (issue 26).
import type { QuoteCurrency, Trade, TradeKind, TradeQuote, TradeSide } from "../../contract/index.ts";
import { compare, decimal, mul, parseAmountInput, sign, toMinor } from "../../contract/decimal.ts";
import { TRADE_MIN_CONFIRM_SECONDS, TRADE_REQUOTE_TOLERANCE_BPS } from "../../contract/trading.ts";
import type { FieldErrorKey } from "../../contract/vocabulary.ts";
import type { Failure } from "../failure.ts";

/** Typing pauses this long before the quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 400;
/** The countdown's step: the machine counts a quote's seconds down itself, one `after` at a time. */
export const COUNTDOWN_STEP_MS = 1_000;
/** With this many seconds left the quote is refreshed, so none is ever confirmed with less. */
export const REFRESH_AT_SECONDS = TRADE_MIN_CONFIRM_SECONDS;

/** The problems the form finds before asking: the contract's field keys, and "more than you have". */
export type TicketProblem = FieldErrorKey | "amount.aboveBalance";

export interface TicketForm {
  kind: TradeKind;
  /** What is given: a currency for a buy, a coin otherwise. */
  from: string;
  /** What is received: a coin for a buy or a convert, a currency for a sell. */
  to: string;
  /** Which side the amount is typed in. */
  side: TradeSide;
  /** As typed (Arabic digits, grouping): read into a plain decimal when sent. */
  amount: string;
  /** How many decimals `from` and `to` have (a currency 2, a coin its own). */
  decimals: { from: number; to: number };
  /** What may be spent of `from` now, when known: an amount above it is refused before quoting. */
  available: string | null;
}

export interface TradeQuoteInput {
  form?: Partial<TicketForm>;
  currency?: QuoteCurrency;
}

export interface TradeQuoteContext {
  form: TicketForm;
  formProblem: TicketProblem | null;
  /** The per-trade limits of the last quote or refusal (in `from`), for the amount's error. */
  limits: TradeQuote["limits"] | null;
  /** The quote on screen. */
  quote: TradeQuote | null;
  /** A refreshed quote worse than `quote` by more than the tolerance, waiting for the user's yes. */
  worse: TradeQuote | null;
  /** Whole seconds the quote on screen (or the worse one offered) has left, by the server's clock. */
  secondsLeft: number;
  failure: Failure<"trade"> | null;
  trade: Trade | null;
}

export type TradeQuoteEvent =
  /** The user changed the form (a tab, an asset, the side, the amount, "max"), or the address did. */
  | { type: "exchange.edit"; changes: Partial<TicketForm> }
  /** What may be spent of `from` now (the balances feed), or null while unknown. */
  | { type: "exchange.balance"; available: string | null }
  /** The amount field was left: its problem is shown now. */
  | { type: "exchange.blur" }
  /** "Confirm": accept the quote on screen. */
  | { type: "exchange.confirm" }
  /** Take the refreshed, worse quote. */
  | { type: "exchange.acceptWorse" }
  /** "Get a new quote" after an expiry or a failure. */
  | { type: "exchange.requote" }
  /** "Trade again" after a receipt. */
  | { type: "exchange.again" };

export type TradeQuoteTag =
  | "editing"
  | "invalid"
  | "quoting"
  | "quoted"
  | "refreshing"
  | "worse"
  | "expired"
  | "accepting"
  | "failed"
  | "done"
  | "insufficientBalance"
  | "houseCannotFill"
  | "priceMoved"
  | "pricesStale"
  | "debtOutstanding"
  | "network"
  | "unanswered";

export interface AcceptInput {
  quoteId: string;
  kind: TradeKind;
}

/** The amount as the API carries it: a plain decimal (as typed when unreadable: the form refuses that first). */
export function amountToSend(amount: string): string {
  const read = parseAmountInput(amount);
  return read.ok ? read.value : amount.trim();
}

/** The quote's body for the form. */
export function quoteBody(form: TicketForm) {
  return { kind: form.kind, from: form.from, to: form.to, side: form.side, amount: amountToSend(form.amount) };
}

export type QuoteBody = ReturnType<typeof quoteBody>;

/** What the form refuses before asking: malformed, not positive, too many decimals, more than the balance. */
export function ticketProblem(form: TicketForm): TicketProblem | null {
  if (form.amount.trim() === "") return null;
  const read = parseAmountInput(form.amount.replace(/^\s*[-\u2212]/, ""));
  if (!read.ok) return read.error;
  if (/^\s*[-\u2212]/.test(form.amount) || sign(decimal(read.value)) === 0) return "amount.notPositive";
  if (toMinor(read.value, form.decimals[form.side]) === null) return "amount.tooManyDecimals";
  if (form.side === "from" && form.available !== null && compare(read.value, form.available) > 0) return "amount.aboveBalance";
  return null;
}

/** Whole seconds a quote has, by the server's own clock (expiresAt − serverNow), never more than its validity. */
export function secondsLeftOf(quote: TradeQuote): number {
  const left = Math.floor((Date.parse(quote.expiresAt) - Date.parse(quote.serverNow)) / 1000);
  return Math.max(0, Math.min(quote.validSeconds, Number.isFinite(left) ? left : 0));
}

const BPS = 10_000n;
/**
 * Whether `next` is worse for the user than `shown` by more than the tolerance: less received for
 * the same amount paid, or more paid for the same amount received.
 */
export function isWorseQuote(shown: TradeQuote, next: TradeQuote): boolean {
  const scale = (value: string, by: bigint) => mul(decimal(value), { units: by, scale: 0 });
  if (next.side === "from") {
    // next.receive × 10000 < shown.receive × (10000 − tolerance)
    return compare(scale(next.receive.value, BPS), scale(shown.receive.value, BPS - BigInt(TRADE_REQUOTE_TOLERANCE_BPS))) < 0;
  }
  return compare(scale(next.pay.value, BPS), scale(shown.pay.value, BPS + BigInt(TRADE_REQUOTE_TOLERANCE_BPS))) > 0;
}
