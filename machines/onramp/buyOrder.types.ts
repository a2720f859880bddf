// The card buy's types, timings and the small pure rules its guards use (issue 14: /user/swipelux/*).
import type { BuyOrder, BuyQuote, OrderStatus, QuoteCurrency, SendOrderBody } from "../../contract/index.ts";
import { compare, decimal, parseAmountInput, sign, toMinor } from "../../contract/decimal.ts";
import { ONRAMP_CARD_DECIMALS } from "../../contract/onrampVocabulary.ts";
import type { FieldErrorKey } from "../../contract/vocabulary.ts";
import type { Failure } from "../failure.ts";

/** Typing pauses this long before the quote is asked for, so each key press is not a call. */
export const QUOTE_DEBOUNCE_MS = 400;
/** A shown quote is asked again this often: prices move while the buyer reads it. */
export const QUOTE_REFRESH_MS = 20_000;
/** A quote refused because prices are missing or stale (503) is asked again this often, until prices are back. */
export const QUOTE_RETRY_MS = 10_000;
/** While the payment page is open the order is asked about this often. */
export const PAYMENT_POLL_MS = 3_000;
/** While the provider processes a paid order: 1 s, 2 s, 4 s … at most 10 s between asks. */
export const PROCESSING_BACKOFF_FIRST_MS = 1_000;
export const PROCESSING_BACKOFF_MAX_MS = 10_000;
/** Status calls failed in a row before the view says the connection is troubled (it keeps watching). */
export const TROUBLE_AFTER_FAILURES = 3;

/** Which side the typed amount is in: the fiat paid, or the crypto received. */
export type BuySide = "fiat" | "crypto";

export interface BuyForm {
  asset: string;
  currency: QuoteCurrency;
  side: BuySide;
  /** As typed: Arabic digits, grouping, a currency sign (read into a plain decimal when sent). */
  amount: string;
}

export interface BuyOrderInput {
  /** An order to watch again: the one this browser remembered, or the page's `?order=`. */
  orderId?: string | null;
  /** The form's first asset and currency (the page's `?symbol=` and `?curr=`). */
  asset?: string;
  currency?: QuoteCurrency;
  /**
   * The page asked for an asset (`?symbol=`) and `orderId` is only the one this browser remembered:
   * that order, if still unpaid, is offered beside the form, not imposed (issue 24 item 13).
   */
  offer?: boolean;
}

export type BuyFlow = "quote" | "order" | "status" | "cancel";

/** The per-order limits last quoted, in their currency. */
export type BuyLimits = BuyQuote["limits"];

export interface BuyOrderContext {
  form: BuyForm;
  /** The page asked for an asset: it wins over a remembered order, and "instead" keeps it. */
  asked: boolean;
  /** A remembered unpaid order, offered beside the form (continue paying it, or cancel it). */
  offer: BuyOrder | null;
  /** The limits of the last quote or refusal, kept while the amount is invalid (shown as a hint). */
  limits: BuyLimits | null;
  /** A cancel the server did not do (the provider did not answer; the order was paid meanwhile). */
  cancelFailure: Failure<"cancel"> | null;

  /** What is wrong with the amount, found before asking the server or read off its quote's limits. */
  formProblem: FieldErrorKey | null;
  quote: BuyQuote | null;
  quoteFailure: Failure<"quote"> | null;
  orderFailure: Failure<"order"> | null;
  /** One per attempt: kept while the form stays the same, so a retried sendOrder answers the first order. */
  idempotencyKey: string | null;
  /** The order being watched (known before its first answer when resuming). */
  orderId: string | null;
  order: BuyOrder | null;
  /**
   * The payment window: open (as far as the page knows), blocked by the browser (the view offers a
   * link instead), or closed by the buyer while the order waits for payment (reopen it, or cancel).
   */
  paymentWindow: "open" | "popupBlocked" | "closed";
  /** Status calls failed in a row (capped at TROUBLE_AFTER_FAILURES). */
  statusFailures: number;
  /** Answers in a row with the same status: the processing back-off's exponent (capped). */
  statusPolls: number;
}

export type BuyOrderEvent =
  /** The user changed the form: any of asset, currency, side, amount. */
  | { type: "buy.edit"; changes: Partial<BuyForm> }
  /** "Pay by card", with a fresh key; the key of an attempt already under way wins over it. */
  | { type: "buy.pay"; idempotencyKey: string }
  /** Ask again now (a failed quote, a troubled watch). */
  | { type: "buy.retry" }
  /** Leave the order (finished, lost or unpaid) and start another with the same form. */
  | { type: "buy.again" }
  /** The app's openPaymentPage could not open a window. */
  | { type: "buy.paymentPageBlocked" }
  /** The amount field was left: its problem is shown now, without waiting for the pause. */
  | { type: "buy.blur" }
  /** Continue the offered unpaid order. */
  | { type: "buy.resume" }
  /** Cancel the unpaid order (the one watched, or the one offered). */
  | { type: "buy.cancel" }
  /** The app saw the payment window closed (the order is still unpaid). */
  | { type: "buy.paymentWindowClosed" }
  /** Open the payment page again, in its popup. */
  | { type: "buy.reopen" };

/**
 * What views read: `editing` (the form; with `quoting`, `quoted`, `invalid` or `quoteFailed`),
 * `creating`, `tracking` (the status panel; with `resuming`, `awaitingPayment`, `processing`,
 * `checking` while a status call is out, `connectionTrouble` after failed calls, and one tag per
 * ending: `completed`, `failed`, `cancelled`, `expired`, `lost`).
 */
export type BuyOrderTag =
  | "editing"
  | "quoting"
  | "quoted"
  | "invalid"
  | "quoteFailed"
  | "creating"
  | "cancelling"
  | "tracking"
  | "resuming"
  | "awaitingPayment"
  | "processing"
  | "checking"
  | "connectionTrouble"
  | Exclude<OrderStatus, "pending" | "processing">
  | "lost";

export type SendOrderInput = SendOrderBody & { idempotencyKey: string };

/** The amount as the API carries it: what was typed, as a plain decimal (as typed when unreadable: the form refuses that first). */
export function amountToSend(amount: string): string {
  const read = parseAmountInput(amount);
  return read.ok ? read.value : amount.trim();
}

/** The amount's problem the contract's schema would find (fiat is charged in cents), or null; an empty amount is no problem yet. */
export function amountProblem({ amount, side }: Pick<BuyForm, "amount" | "side">): FieldErrorKey | null {
  if (amount.trim() === "") return null;
  const read = parseAmountInput(amount);
  if (!read.ok) return read.error;
  if (sign(decimal(read.value)) === 0) return "amount.notPositive";
  if (side === "fiat" && toMinor(read.value, ONRAMP_CARD_DECIMALS) === null) return "amount.tooManyDecimals";
  return null;
}

/** The quote's charge is outside the per-order limits it states. */
export const isBelowLimit = (quote: BuyQuote) => compare(quote.pay.value, quote.limits.min.value) < 0;
export const isAboveLimit = (quote: BuyQuote) => compare(quote.pay.value, quote.limits.max.value) > 0;

/** The payment page's popup size. */
export const PAYMENT_WINDOW_WIDTH = 500;
export const PAYMENT_WINDOW_HEIGHT = 700;
