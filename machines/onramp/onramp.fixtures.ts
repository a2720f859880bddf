// Buy quotes and orders for graph specs, machine tests and view tests. Typed by the contract, so
// a change to a quote's or an order's shape breaks each use at compile time. Only tests and graph
// specs import this file: test data never reaches the app's bundle.
import type { BuyOrder, BuyQuote, OrderStatus } from "../../contract/index.ts";

export const ORDER_ID = "5b0c8f6e-3f0a-4d7e-9c1b-2a4e6f8d0b1c";
export const PAYMENT_URL = `/onramp/sandbox/pay/${ORDER_ID}?lang=en`;
/**
 * The idempotency key of a press on "Pay by card": 18 bytes as base64url, the shape the page makes
 * (src/features/onramp/hooks.ts), so the generated paths' sample is what the real button sends
 * when the UI paths fake the randomness behind it (tests/statecharts/buy-order-fixture.tsx).
 */
export const PRESS_KEY = "attempt-0001-pressed-key";

// What 100 USD buys, at the market fixtures' prices (machines/market/market.fixtures.ts).
const terms: Record<string, Pick<BuyQuote, "price"> & { receive: string; fee: string }> = {
  BTC: { receive: "0.00101", fee: "0.00001", price: "97123.45" },
  ETH: { receive: "0.03287", fee: "0.00033", price: "3012.10" },
};
const termsOf = (asset: string) => {
  const found = terms[asset];
  if (!found) throw new Error(`no buy terms for ${asset} in onramp.fixtures.ts`);
  return found;
};

/** A quote for paying `pay` USD; only the amount paid changes with `pay`, so limits can be crossed. */
export function buyQuote({ asset = "BTC", pay = "100.00" }: { asset?: string; pay?: string } = {}): BuyQuote {
  const { receive, fee, price } = termsOf(asset);
  return {
    asset,
    currency: "USD",
    pay: { asset: "USD", value: pay },
    receive: { asset, value: receive },
    fee: { asset, value: fee },
    feeBasisPoints: 100,
    price,
    limits: { min: { asset: "USD", value: "10.00" }, max: { asset: "USD", value: "5000.00" } },
  };
}

/** The timeline the server gives an order by the time it has each status. */
export const orderTimelines: Record<OrderStatus, BuyOrder["timeline"]> = {
  pending: [{ step: "created", at: "2026-11-23T10:00:00.000Z" }],
  processing: [
    { step: "created", at: "2026-11-23T10:00:00.000Z" },
    { step: "paid", at: "2026-11-23T10:00:20.000Z" },
    { step: "processing", at: "2026-11-23T10:00:21.000Z" },
  ],
  completed: [
    { step: "created", at: "2026-11-23T10:00:00.000Z" },
    { step: "paid", at: "2026-11-23T10:00:20.000Z" },
    { step: "processing", at: "2026-11-23T10:00:21.000Z" },
    { step: "completed", at: "2026-11-23T10:00:30.000Z" },
  ],
  failed: [
    { step: "created", at: "2026-11-23T10:00:00.000Z" },
    { step: "failed", at: "2026-11-23T10:00:20.000Z" },
  ],
  cancelled: [],
  expired: [],
  refunded: [
    { step: "created", at: "2026-11-23T10:00:00.000Z" },
    { step: "paid", at: "2026-11-23T10:00:20.000Z" },
    { step: "processing", at: "2026-11-23T10:00:21.000Z" },
    { step: "completed", at: "2026-11-23T10:00:30.000Z" },
    { step: "refunded", at: "2026-11-24T09:00:00.000Z" },
  ],
  chargedBack: [
    { step: "created", at: "2026-11-23T10:00:00.000Z" },
    { step: "paid", at: "2026-11-23T10:00:20.000Z" },
    { step: "processing", at: "2026-11-23T10:00:21.000Z" },
    { step: "completed", at: "2026-11-23T10:00:30.000Z" },
    { step: "chargedBack", at: "2026-11-30T09:00:00.000Z" },
  ],
};

/**
 * The order a 100 USD buy makes, as the status call answers it at `status`: only a pending order
 * has a payment page. The timeline stays at its first step unless a test asks for the real one
 * (`orderTimelines[status]`), since the machine reads only the status.
 */
export function buyOrder(status: OrderStatus, { asset = "BTC", timeline }: { asset?: string; timeline?: BuyOrder["timeline"] } = {}): BuyOrder {
  const { receive, fee, price } = termsOf(asset);
  return {
    id: ORDER_ID,
    type: "buy",
    asset,
    currency: "USD",
    status,
    pay: { asset: "USD", value: "100.00" },
    receive: { asset, value: receive },
    fee: { asset, value: fee },
    price,
    paymentUrl: status === "pending" ? PAYMENT_URL : null,
    createdAt: "2026-11-23T10:00:00.000Z",
    updatedAt: "2026-11-23T10:00:00.000Z",
    timeline: timeline ?? [{ step: "created", at: "2026-11-23T10:00:00.000Z" }],
  };
}
