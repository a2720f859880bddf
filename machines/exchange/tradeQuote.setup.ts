// The tradeQuote machine's named guards, actions, actors and delays; its chart
// (tradeQuote.machine.ts) only names them. The calls are the app's to provide.
import { assign, fromPromise, setup } from "xstate";
import type { AnyReason, Trade, TradeQuote } from "../../contract/index.ts";
import { failureOf } from "../failure.ts";
import {
  COUNTDOWN_STEP_MS,
  isWorseQuote,
  QUOTE_DEBOUNCE_MS,
  REFRESH_AT_SECONDS,
  secondsLeftOf,
  ticketProblem,
  type AcceptInput,
  type QuoteBody,
  type TradeQuoteContext,
  type TradeQuoteEvent,
  type TradeQuoteInput,
  type TradeQuoteTag,
} from "./tradeQuote.types.ts";

const hasReason =
  (...reasons: AnyReason[]) =>
  (_: unknown, error: unknown) => {
    const reason = failureOf("trade", error).reason;
    return reason !== null && reasons.includes(reason);
  };

/** The limits a validation refusal carries (the server's amount errors do), if any. */
function limitsOf(error: unknown): TradeQuoteContext["limits"] {
  const data = (error as { data?: { limits?: TradeQuoteContext["limits"] } } | null)?.data;
  return data?.limits?.min?.value && data.limits.max?.value ? data.limits : null;
}

export const tradeQuoteSetup = setup({
  types: {
    context: {} as TradeQuoteContext,
    events: {} as TradeQuoteEvent,
    input: {} as TradeQuoteInput,
    tags: {} as TradeQuoteTag,
  },
  guards: {
    isAmountEmpty: ({ context }) => context.form.amount.trim() === "",
    hasFormProblem: ({ context }) => ticketProblem(context.form) !== null,
    /** A validation refusal about the amount (its limits, its decimals): shown at the field. */
    isAmountRefused: (_, error: unknown) => failureOf("trade", error).fieldKeys.amount !== undefined,
    /** A quote that arrives with too few seconds left to confirm (a slow answer): it is never offered. */
    isTooShort: (_, quote: TradeQuote) => secondsLeftOf(quote) <= REFRESH_AT_SECONDS,
    /** The refreshed quote is worse than the one on screen by more than TRADE_REQUOTE_TOLERANCE_BPS. */
    isWorse: ({ context }, quote: TradeQuote) => context.quote !== null && isWorseQuote(context.quote, quote),
    /** The next second leaves too few to confirm: time to refresh (or, for a worse offer, to let it go). */
    isRefreshDue: ({ context }) => context.secondsLeft - 1 <= REFRESH_AT_SECONDS,
    isExpired: hasReason("quoteExpired"),
    isInsufficientBalance: hasReason("insufficientBalance"),
    isHouseCannotFill: hasReason("houseCannotFill"),
    isPriceMoved: hasReason("priceMoved"),
    isPricesStale: hasReason("pricesStale", "pricesUnavailable"),
    isDebtOutstanding: hasReason("debtOutstanding"),
  },
  actions: {
    edit: assign(({ context, event }) => {
      const changes = event.type === "exchange.edit" ? event.changes : {};
      const form = { ...context.form, ...changes };
      const samePair = form.from === context.form.from && form.to === context.form.to && form.kind === context.form.kind;
      return { form, formProblem: null, quote: null, worse: null, failure: null, limits: samePair ? context.limits : null };
    }),
    keepBalance: assign(({ context, event }) => ({
      form: event.type === "exchange.balance" ? { ...context.form, available: event.available } : context.form,
    })),
    checkForm: assign({ formProblem: ({ context }) => ticketProblem(context.form) }),
    keepQuote: assign((_, quote: TradeQuote) => ({
      quote,
      worse: null,
      secondsLeft: secondsLeftOf(quote),
      limits: quote.limits,
      failure: null,
      formProblem: null,
    })),
    /** The worse quote is offered beside the one shown; its own seconds count now. */
    offerWorse: assign((_, quote: TradeQuote) => ({ worse: quote, secondsLeft: secondsLeftOf(quote) })),
    takeWorse: assign(({ context }) => ({ quote: context.worse, worse: null })),
    countDown: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf("trade", error) })),
    keepAmountRefusal: assign(({ context }, error: unknown) => ({
      failure: failureOf("trade", error),
      quote: null,
      limits: limitsOf(error) ?? context.limits,
    })),
    dropQuote: assign({ quote: null, worse: null, secondsLeft: 0 }),
    keepTrade: assign((_, trade: Trade) => ({ trade, failure: null })),
    startOver: assign(({ context }) => ({
      form: { ...context.form, amount: "" },
      formProblem: null,
      quote: null,
      worse: null,
      failure: null,
      trade: null,
      secondsLeft: 0,
    })),
  },
  actors: {
    fetchQuote: fromPromise<TradeQuote, QuoteBody>(async () => {
      throw new Error("fetchQuote is provided by the app");
    }),
    acceptQuote: fromPromise<Trade, AcceptInput>(async () => {
      throw new Error("acceptQuote is provided by the app");
    }),
  },
  delays: {
    quoteDebounce: QUOTE_DEBOUNCE_MS,
    second: COUNTDOWN_STEP_MS,
    /** What the quote on screen has left: a refresh that has not answered by then leaves it expired. */
    quoteLeft: ({ context }) => context.secondsLeft * 1000,
  },
});
