// Samples the statechart tools drive the buyOrder machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { BuyOrderEvent, BuyOrderInput } from "./buyOrder.types.ts";
import { buyOrder, buyQuote, ORDER_ID, PRESS_KEY } from "./onramp.fixtures.ts";

const failure = (code: string, reason?: string) => ({ code, message: "server message", ...(reason ? { data: { reason } } : {}) });

export const buyOrderGraphSpec: MachineGraphSpec<BuyOrderInput, BuyOrderEvent> = {
  // Resuming with a symbol asked: an unpaid order is offered, a paid one watched, an ended one dropped.
  // The form, the order, its payment window and a cancel's failure multiply the snapshots past the default.
  maxSnapshots: 4000,
  inputs: [{}, { orderId: ORDER_ID }, { orderId: ORDER_ID, asset: "ETH", offer: true }],
  events: [
    { type: "buy.edit", changes: { amount: "100" } },
    { type: "buy.edit", changes: { amount: "1.005" } },
    { type: "buy.edit", changes: { amount: "" } },
    { type: "buy.pay", idempotencyKey: PRESS_KEY },
    { type: "buy.retry" },
    { type: "buy.again" },
    { type: "buy.paymentPageBlocked" },
    { type: "buy.blur" },
    { type: "buy.resume" },
    { type: "buy.cancel" },
    { type: "buy.paymentWindowClosed" },
    { type: "buy.reopen" },
  ],
  actors: {
    fetchQuote: {
      done: [buyQuote({ pay: "100.00" }), buyQuote({ pay: "5.00" }), buyQuote({ pay: "9000.00" })],
      error: [failure("unavailable", "pricesUnavailable"), failure("unavailable", "pricesStale"), failure("network")],
    },
    sendOrder: {
      done: [buyOrder("pending")],
      error: [failure("unavailable", "onrampUnavailable"), failure("conflict", "idempotencyConflict"), failure("unavailable", "pricesStale")],
    },
    // Sends buy.paymentWindowClosed (an event sample); it never ends, and fails only if the browser stops it.
    watchPaymentWindow: { done: [], error: [failure("network")] },
    cancelOrder: {
      done: [buyOrder("cancelled")],
      error: [failure("conflict", "orderNotCancellable"), failure("unavailable", "onrampUnavailable")],
    },
    fetchStatus: {
      done: (["pending", "processing", "completed", "failed", "cancelled", "expired", "refunded", "chargedBack"] as const).map((status) => buyOrder(status)),
      error: [failure("network"), failure("notFound", "orderNotFound")],
    },
  },
};
