import { errorOf, output } from "../event-body.ts";
import { buyOrderSetup, orderIdOf } from "./buyOrder.setup.ts";
import { cancelling, settled, watching } from "./buyOrder.states.ts";
import { amountToSend } from "./buyOrder.types.ts";

/**
 * A card buy (issue 14): the form and its quote, the order made with an idempotency key, the
 * provider's payment page, then the order's status, which only polling /user/swipelux/status tells.
 * Started with an order id, it watches that order again (a reload, a link from the history); when
 * the page asked for an asset, a remembered unpaid order is offered beside the form instead.
 */
export const buyOrderMachine = buyOrderSetup.createMachine({
  id: "buyOrder",
  description: "A card buy through the on-ramp: quote, order, payment page, and the order's status by polling.",
  context: ({ input }) => ({
    form: { asset: input.asset ?? "BTC", currency: input.currency ?? "USD", side: "fiat", amount: "" },
    asked: input.offer ?? false,
    offer: null,
    limits: null,
    cancelFailure: null,
    formProblem: null,
    quote: null,
    quoteFailure: null,
    orderFailure: null,
    idempotencyKey: null,
    orderId: input.orderId ?? null,
    order: null,
    paymentWindow: "open",
    statusFailures: 0,
    statusPolls: 0,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasOrderToResume", target: "resuming" }, { target: "editing" }],
    },
    editing: {
      tags: ["editing"],
      initial: "validating",
      on: {
        "buy.edit": { target: ".debouncing", reenter: true, actions: "edit" },
        "buy.resume": [{ guard: "hasOffer", target: "routing", actions: "takeOffer" }, { description: "No order is offered: nothing to resume." }],
        "buy.cancel": [{ guard: "hasOffer", target: "cancellingOffer", actions: "aimAtOffer" }, { description: "No order is offered: nothing to cancel." }],
      },
      states: {
        validating: {
          always: [{ guard: "isAmountEmpty", target: "idle" }, { guard: "hasFormProblem", target: "invalid", actions: "checkForm" }, { target: "quoting" }],
        },
        idle: { description: "Nothing typed yet." },
        debouncing: {
          description: "Typing: the amount is checked (and any error shown) after a pause, or at once when the field is left.",
          after: { quoteDebounce: { target: "validating" } },
          on: { "buy.blur": { target: "validating" } },
        },
        invalid: { tags: ["invalid"], description: "The amount is malformed, or outside the limits the quote states." },
        quoting: {
          tags: ["quoting"],
          invoke: {
            id: "fetchQuote",
            src: "fetchQuote",
            input: ({ context }) => ({ ...context.form, amount: amountToSend(context.form.amount) }),
            onDone: [
              {
                guard: { type: "isBelowLimit", params: output },
                target: "invalid",
                actions: [
                  { type: "keepQuote", params: output },
                  { type: "markProblem", params: { problem: "amount.belowMinimum" } },
                ],
              },
              {
                guard: { type: "isAboveLimit", params: output },
                target: "invalid",
                actions: [
                  { type: "keepQuote", params: output },
                  { type: "markProblem", params: { problem: "amount.aboveMaximum" } },
                ],
              },
              { target: "quoted", actions: { type: "keepQuote", params: output } },
            ],
            onError: { target: "quoteFailed", actions: { type: "keepQuoteFailure", params: errorOf } },
          },
        },
        quoted: {
          tags: ["quoted"],
          description: "The quote is shown and may be paid; it is asked again while it is read.",
          after: { quoteRefresh: { target: "quoting" } },
          on: { "buy.pay": { target: "#buyOrder.creating", actions: ["keepKey", "reservePaymentWindow"] } },
        },
        quoteFailed: {
          tags: ["quoteFailed"],
          description: "Retried by the user; a quote refused for want of fresh prices is also asked again every 10 s, until prices are back.",
          after: {
            quoteRetry: [
              { guard: "isWaitingForPrices", target: "quoting" },
              { description: "Any other failure (the network, an unknown reason) waits for the user's retry." },
            ],
          },
          on: { "buy.retry": { target: "quoting" } },
        },
      },
    },
    creating: {
      tags: ["creating"],
      description: "sendOrder with the attempt's key: a retry after a lost answer gets the same order.",
      invoke: {
        id: "sendOrder",
        src: "sendOrder",
        input: ({ context }) => ({ ...context.form, amount: amountToSend(context.form.amount), idempotencyKey: context.idempotencyKey ?? "" }),
        onDone: { target: "routing", actions: [{ type: "keepOrder", params: output }, "rememberOrder", "openPaymentPage"] },
        onError: [
          {
            guard: { type: "isPricesStale", params: errorOf },
            description: "Prices went stale: nothing was made; the quote is gone and is asked again once prices are back (the key stays).",
            target: "#buyOrder.editing.quoteFailed",
            actions: [{ type: "keepQuoteFailure", params: errorOf }, "closePaymentPage"],
          },
          {
            guard: { type: "isKeyConflict", params: errorOf },
            description: "The key was used for another order: the next press makes a new one.",
            target: "#buyOrder.editing.quoted",
            actions: [{ type: "keepOrderFailure", params: errorOf }, "dropKey", "closePaymentPage"],
          },
          { target: "#buyOrder.editing.quoted", actions: [{ type: "keepOrderFailure", params: errorOf }, "closePaymentPage"] },
        ],
      },
    },
    cancellingOffer: {
      tags: ["editing", "cancelling"],
      description: "The offered unpaid order is cancelled while the form stays usable.",
      on: { "buy.edit": { actions: "edit" } },
      invoke: {
        id: "cancelOrder",
        src: "cancelOrder",
        input: orderIdOf,
        onDone: { target: "editing", actions: ["dropOffer", "forgetOrder"] },
        onError: [
          {
            guard: { type: "isNotCancellable", params: errorOf },
            description: "Paid meanwhile: it is watched.",
            target: "resuming",
            actions: ["takeOffer", { type: "keepCancelFailure", params: errorOf }],
          },
          { target: "editing", actions: [{ type: "keepCancelFailure", params: errorOf }, "dropOrderId"] },
        ],
      },
    },
    resuming: {
      tags: ["tracking", "resuming"],
      initial: "fetching",
      on: { "buy.again": { target: "editing", actions: ["forgetOrder", "startOver"] } },
      states: {
        fetching: {
          tags: ["checking"],
          invoke: {
            id: "fetchStatus",
            src: "fetchStatus",
            input: orderIdOf,
            onDone: [
              { guard: { type: "isOffered", params: output }, target: "#buyOrder.editing", actions: { type: "keepOffer", params: output } },
              { guard: { type: "isEndedAside", params: output }, target: "#buyOrder.editing", actions: ["forgetOrder", "dropOffer"] },
              { target: "#buyOrder.routing", actions: { type: "keepOrder", params: output } },
            ],
            onError: [
              { guard: "isOrderLost", target: "#buyOrder.lost" },
              { target: "retrying", actions: "countStatusFailure" },
            ],
          },
        },
        retrying: {
          tags: ["connectionTrouble"],
          after: { statusRetry: { target: "fetching" } },
          on: { "buy.retry": { target: "fetching" } },
        },
      },
    },
    routing: {
      description: "Goes to the state of the status the order has now.",
      always: [
        { guard: { type: "hasStatus", params: { status: "completed" } }, target: "completed" },
        { guard: { type: "hasStatus", params: { status: "failed" } }, target: "failed" },
        { guard: { type: "hasStatus", params: { status: "cancelled" } }, target: "cancelled" },
        { guard: { type: "hasStatus", params: { status: "expired" } }, target: "expired" },
        { guard: { type: "hasStatus", params: { status: "refunded" } }, target: "refunded" },
        { guard: { type: "hasStatus", params: { status: "chargedBack" } }, target: "chargedBack" },
        { guard: { type: "hasStatus", params: { status: "processing" } }, target: "processing" },
        { target: "awaitingPayment" },
      ],
    },
    awaitingPayment: {
      tags: ["tracking", "awaitingPayment"],
      description: "The payment page is the provider's; the user may close it (then reopen it, or cancel). Asked about every 3 s.",
      invoke: {
        id: "watchPaymentWindow",
        src: "watchPaymentWindow",
        onError: { description: "The window can no longer be watched: the status polls still follow the order." },
      },
      on: {
        "buy.paymentPageBlocked": { actions: "notePaymentPageBlocked" },
        "buy.paymentWindowClosed": { actions: "notePaymentWindowClosed" },
        "buy.reopen": { actions: ["notePaymentWindowOpen", "reopenPaymentPage"] },
        "buy.cancel": { target: "cancelling" },
        "buy.again": { target: "replacing", description: '"Start a new order instead": the unpaid order is cancelled first.' },
      },
      ...watching("awaitingPayment", "paymentPoll"),
    },
    cancelling: cancelling("cancelled"),
    replacing: cancelling("newForm"),
    processing: {
      tags: ["tracking", "processing"],
      description: "Paid; the provider is delivering. Asked about with back-off: 1 s, 2 s, 4 s … 10 s.",
      ...watching("processing", "processingBackoff"),
    },
    completed: settled("completed"),
    failed: settled("failed"),
    cancelled: settled("cancelled"),
    expired: settled("expired"),
    refunded: settled("refunded"),
    chargedBack: settled("chargedBack"),
    lost: {
      tags: ["tracking", "lost"],
      description: "No order of this user has that id.",
      entry: "forgetOrder",
      on: { "buy.again": { target: "editing", actions: "startOver" } },
    },
  },
});
