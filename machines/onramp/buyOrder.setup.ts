// The buyOrder machine's named guards, actions, actors and delays; its chart (buyOrder.machine.ts)
// only names them. The effects (payment window, remembered order, calls) are the app's to provide.
import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { BuyOrder, BuyQuote, OrderStatus } from "../../contract/index.ts";
import type { FieldErrorKey } from "../../contract/vocabulary.ts";
import { failureOf } from "../failure.ts";
import {
  amountProblem,
  isAboveLimit,
  isBelowLimit,
  PAYMENT_POLL_MS,
  PROCESSING_BACKOFF_FIRST_MS,
  PROCESSING_BACKOFF_MAX_MS,
  QUOTE_DEBOUNCE_MS,
  QUOTE_REFRESH_MS,
  QUOTE_RETRY_MS,
  TROUBLE_AFTER_FAILURES,
  type BuyLimits,
  type BuyOrderContext,
  type BuyOrderEvent,
  type BuyOrderInput,
  type BuyOrderTag,
  type SendOrderInput,
} from "./buyOrder.types.ts";

const backoff = (exponent: number) => Math.min(PROCESSING_BACKOFF_MAX_MS, PROCESSING_BACKOFF_FIRST_MS * 2 ** exponent);
export const orderIdOf = ({ context }: { context: BuyOrderContext }) => ({ orderId: context.orderId ?? "" });
// The status call's error event, read at run time (setup types implementations by the machine's own events).
const failureOfEvent = (event: object) => failureOf("status", "error" in event ? event.error : undefined);
/** The limits a validation refusal carries (the server's amount errors do), if any. */
function limitsOf(error: unknown): BuyLimits | null {
  const data = (error as { data?: { limits?: BuyLimits } } | null)?.data;
  return data?.limits?.min?.value && data.limits.max?.value ? data.limits : null;
}

export const buyOrderSetup = setup({
  types: {
    context: {} as BuyOrderContext,
    events: {} as BuyOrderEvent,
    input: {} as BuyOrderInput,
    tags: {} as BuyOrderTag,
  },
  guards: {
    hasOrderToResume: ({ context }) => context.orderId !== null,
    isAmountEmpty: ({ context }) => context.form.amount.trim() === "",
    hasFormProblem: ({ context }) => amountProblem(context.form) !== null,
    isBelowLimit: (_, quote: BuyQuote) => isBelowLimit(quote),
    isAboveLimit: (_, quote: BuyQuote) => isAboveLimit(quote),
    hasStatus: ({ context }, { status }: { status: OrderStatus }) => context.order?.status === status,
    /** 404 orderNotFound, or an id that is not one (a bad `?order=`): nothing to watch. */
    isOrderLost: ({ event }) => {
      const failure = failureOfEvent(event);
      return failure.reason === "orderNotFound" || failure.code === "notFound" || failure.fieldKeys.orderId !== undefined;
    },
    isKeyConflict: (_, error: unknown) => failureOf("order", error).reason === "idempotencyConflict",
    /** The server has no fresh price (503 pricesStale): nothing was made, and the quote shown is no longer one. */
    isPricesStale: (_, error: unknown) => failureOf("order", error).reason === "pricesStale",
    /** The quote failed only until prices are back (pricesUnavailable, pricesStale): worth asking again by itself. */
    isWaitingForPrices: ({ context }) => context.quoteFailure?.reason === "pricesUnavailable" || context.quoteFailure?.reason === "pricesStale",
    /** The page asked for an asset and the remembered order is still unpaid: it is offered, not imposed. */
    isOffered: ({ context }, order: BuyOrder) => context.asked && order.status === "pending",
    /**
     * The page asked for an asset and the remembered order ended unpaid (cancelled, expired): nothing
     * to tell. One that was paid, completed or failed meanwhile is still shown (the buyer paid, or tried).
     */
    isEndedAside: ({ context }, order: BuyOrder) => context.asked && (order.status === "cancelled" || order.status === "expired"),
    hasOffer: ({ context }) => context.offer !== null,
    isNotCancellable: (_, error: unknown) => failureOf("cancel", error).reason === "orderNotCancellable",
    isTroubled: ({ context }) => context.statusFailures + 1 >= TROUBLE_AFTER_FAILURES,
  },
  actions: {
    edit: assign(({ context, event }) => ({
      form: event.type === "buy.edit" ? { ...context.form, ...event.changes } : context.form,
      // The limits are the currency's: kept while it stays.
      limits: event.type === "buy.edit" && event.changes.currency && event.changes.currency !== context.form.currency ? null : context.limits,
      cancelFailure: null,
      formProblem: null,
      quote: null,
      quoteFailure: null,
      orderFailure: null,
      // Another form is another order: a new key.
      idempotencyKey: null,
    })),
    checkForm: assign({ formProblem: ({ context }) => amountProblem(context.form) }),
    markProblem: assign((_, { problem }: { problem: FieldErrorKey }) => ({ formProblem: problem })),
    keepQuote: assign((_, quote: BuyQuote) => ({ quote, quoteFailure: null, formProblem: null, limits: quote.limits })),
    keepQuoteFailure: assign(({ context }, error: unknown) => ({
      quote: null,
      quoteFailure: failureOf("quote", error),
      limits: limitsOf(error) ?? context.limits,
    })),
    keepOffer: assign((_, order: BuyOrder) => ({ offer: order, orderId: null })),
    dropOrderId: assign({ orderId: null }),
    dropOffer: assign({ offer: null, orderId: null, cancelFailure: null }),
    takeOffer: assign(({ context }) => ({ order: context.offer, orderId: context.offer?.id ?? null, offer: null, cancelFailure: null })),
    /** The offered order is the one cancelled (and watched, should it turn out paid). */
    aimAtOffer: assign(({ context }) => ({ orderId: context.offer?.id ?? null, cancelFailure: null })),
    keepCancelFailure: assign((_, error: unknown) => ({ cancelFailure: failureOf("cancel", error) })),
    notePaymentWindowClosed: assign({ paymentWindow: "closed" as const }),
    notePaymentWindowOpen: assign({ paymentWindow: "open" as const, cancelFailure: null }),
    keepKey: assign(({ context, event }) => ({
      idempotencyKey: context.idempotencyKey ?? (event.type === "buy.pay" ? event.idempotencyKey : null),
      orderFailure: null,
    })),
    dropKey: assign({ idempotencyKey: null }),
    keepOrderFailure: assign((_, error: unknown) => ({ orderFailure: failureOf("order", error) })),
    keepOrder: assign(({ context }, order: BuyOrder) => ({
      order,
      orderId: order.id,
      statusFailures: 0,
      statusPolls: context.order?.status === order.status ? Math.min(context.statusPolls + 1, 4) : 0,
    })),
    countStatusFailure: assign({ statusFailures: ({ context }) => Math.min(context.statusFailures + 1, TROUBLE_AFTER_FAILURES) }),
    notePaymentPageBlocked: assign({ paymentWindow: "popupBlocked" as const }),
    /** A new attempt with the same form (or, after a resumed order, that order's asset and charge). */
    startOver: assign(({ context }) => ({
      form:
        context.form.amount.trim() === "" && context.order && !context.asked
          ? { asset: context.order.asset, currency: context.order.currency, side: "fiat" as const, amount: context.order.pay.value }
          : context.form,
      formProblem: null,
      quote: null,
      quoteFailure: null,
      orderFailure: null,
      idempotencyKey: null,
      orderId: null,
      order: null,
      paymentWindow: "open" as const,
      cancelFailure: null,
      statusFailures: 0,
      statusPolls: 0,
    })),
    // Effects the app provides: the payment window, and this browser's memory of the order.
    /** Opens a blank window while the press is still a user gesture, so the payment page is not blocked. */
    reservePaymentWindow: () => {},
    /** Shows `order.paymentUrl` in that window (or a new one); sends buy.paymentPageBlocked if none opens. */
    openPaymentPage: () => {},
    closePaymentPage: () => {},
    /** Shows `order.paymentUrl` again in its popup (a click: not blocked); sends buy.paymentPageBlocked if none opens. */
    reopenPaymentPage: () => {},
    /** Remembers `orderId` (localStorage `sarraf.pendingBuy`), so a reload watches it again. */
    rememberOrder: () => {},
    forgetOrder: () => {},
  },
  actors: {
    fetchQuote: fromPromise<BuyQuote, BuyOrderContext["form"]>(async () => {
      throw new Error("fetchQuote is provided by the app");
    }),
    sendOrder: fromPromise<BuyOrder, SendOrderInput>(async () => {
      throw new Error("sendOrder is provided by the app");
    }),
    fetchStatus: fromPromise<BuyOrder, { orderId: string }>(async () => {
      throw new Error("fetchStatus is provided by the app");
    }),
    cancelOrder: fromPromise<BuyOrder, { orderId: string }>(async () => {
      throw new Error("cancelOrder is provided by the app");
    }),
    /** Sends buy.paymentWindowClosed once the payment window this page opened is closed. */
    watchPaymentWindow: fromCallback<BuyOrderEvent>(() => () => {}),
  },
  delays: {
    quoteDebounce: QUOTE_DEBOUNCE_MS,
    quoteRefresh: QUOTE_REFRESH_MS,
    quoteRetry: QUOTE_RETRY_MS,
    paymentPoll: PAYMENT_POLL_MS,
    processingBackoff: ({ context }) => backoff(context.statusPolls),
    statusRetry: ({ context }) => backoff(context.statusFailures),
  },
});
