// Balances and orders for the portfolio's view tests.
import type { Balances, BuyOrder, OrderStatus } from "../../../contract/index.ts";

export const balances = (currency: "USD" | "EUR" = "USD"): Balances =>
  currency === "EUR"
    ? {
        currency,
        balances: [
          { asset: "ETH", available: "2", held: "0", value: "5542.26" },
          { asset: "BTC", available: "0.015", held: "0.005", value: "1786.00" },
        ],
        total: "7328.26",
      }
    : {
        currency,
        balances: [
          { asset: "BTC", available: "0.015", held: "0.005", value: "1942.47" },
          { asset: "ETH", available: "2", held: "0", value: "6024.20" },
          { asset: "DOGE", available: "100", held: "0", value: null },
        ],
        total: "7966.67",
      };

export const order = (n: number, status: OrderStatus = "completed", asset = "BTC"): BuyOrder => ({
  id: `7d1f0b1e-0000-4000-8000-${String(n).padStart(12, "0")}`,
  type: "buy",
  asset,
  currency: "USD",
  status,
  pay: { asset: "USD", value: `${100 + n}.00` },
  receive: { asset, value: `0.00${n}` },
  fee: { asset, value: "0.00001" },
  price: "97123.45",
  paymentUrl: null,
  createdAt: `2026-11-${String(30 - n).padStart(2, "0")}T10:00:00.000Z`,
  updatedAt: `2026-11-${String(30 - n).padStart(2, "0")}T10:05:00.000Z`,
  timeline: [
    { step: "created", at: `2026-11-${String(30 - n).padStart(2, "0")}T10:00:00.000Z` },
    { step: "paid", at: `2026-11-${String(30 - n).padStart(2, "0")}T10:02:00.000Z` },
    ...(status === "completed" ? [{ step: "completed" as const, at: `2026-11-${String(30 - n).padStart(2, "0")}T10:05:00.000Z` }] : []),
  ],
});
