// Samples the statechart tools drive the buyOrder machine with; only the tools import this file.
import type { BuyOrder, BuyQuote, OrderStatus } from "../../contract/index.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { BuyOrderEvent, BuyOrderInput } from "./buyOrder.types.ts";

const ORDER_ID = "5b0c8f6e-3f0a-4d7e-9c1b-2a4e6f8d0b1c";

const quote = (pay: string): BuyQuote => ({
  asset: "BTC",
  currency: "USD",
  pay: { asset: "USD", value: pay },
  receive: { asset: "BTC", value: "0.00101" },
  fee: { asset: "BTC", value: "0.00001" },
  feeBasisPoints: 100,
  price: "97123.45",
  limits: { min: { asset: "USD", value: "10.00" }, max: { asset: "USD", value: "5000.00" } },
});

const order = (status: OrderStatus): BuyOrder => ({
  id: ORDER_ID,
  type: "buy",
  asset: "BTC",
  currency: "USD",
  status,
  pay: { asset: "USD", value: "100.00" },
  receive: { asset: "BTC", value: "0.00101" },
  fee: { asset: "BTC", value: "0.00001" },
  price: "97123.45",
  paymentUrl: status === "pending" ? `/onramp/sandbox/pay/${ORDER_ID}?lang=en` : null,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  timeline: [{ step: "created", at: "2026-11-23T10:00:00.000Z" }],
});

const failure = (code: string, reason?: string) => ({ code, message: "server message", ...(reason ? { data: { reason } } : {}) });

export const buyOrderGraphSpec: MachineGraphSpec<BuyOrderInput, BuyOrderEvent> = {
  inputs: [{}, { orderId: ORDER_ID }],
  events: [
    { type: "buy.edit", changes: { amount: "100" } },
    { type: "buy.edit", changes: { amount: "1.005" } },
    { type: "buy.edit", changes: { amount: "" } },
    { type: "buy.pay", idempotencyKey: "attempt-0001" },
    { type: "buy.retry" },
    { type: "buy.again" },
    { type: "buy.paymentPageBlocked" },
  ],
  actors: {
    fetchQuote: { done: [quote("100.00"), quote("5.00"), quote("9000.00")], error: [failure("unavailable", "pricesUnavailable")] },
    sendOrder: { done: [order("pending")], error: [failure("unavailable", "onrampUnavailable"), failure("conflict", "idempotencyConflict")] },
    fetchStatus: {
      done: (["pending", "processing", "completed", "failed", "cancelled", "expired"] as const).map(order),
      error: [failure("network"), failure("notFound", "orderNotFound")],
    },
  },
};
