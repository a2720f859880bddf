// Balances and history entries for the portfolio's graph spec, machine tests and view tests, typed
// by the contract so a change to their answers breaks each use at compile time. Kept apart from
// the onramp's orders: history entries are about to become a union over kinds (buy, sell,
// convert, deposit, withdrawal, fee), and this is the one file to adapt. Only tests and graph
// specs import this file: test data never reaches the app's bundle.
import type { Balances, BuyOrder, OrderStatus } from "../../contract/index.ts";

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

/** The nth entry of a history list: id, amounts and day differ by n, so a list shows distinct rows. */
export const historyOrder = (n: number, status: OrderStatus = "completed", asset = "BTC"): BuyOrder => ({
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

/** A new user's balances: nothing held yet. */
export const noBalances = (currency: "USD" | "EUR" = "USD"): Balances => ({ currency, balances: [], total: "0.00" });
