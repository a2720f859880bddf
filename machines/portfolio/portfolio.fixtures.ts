// Balances and history entries for the portfolio's graph spec, machine tests and view tests, typed
// by the contract so a change to their answers breaks each use at compile time. History entries
// are a union over kinds (buy, sell, convert, deposit, withdrawal, fee): one builder per kind.
// Only tests and graph specs import this file: test data never reaches the app's bundle.
import type { Balances, BuyOrder, EntryOf, OrderStatus } from "../../contract/index.ts";

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

const entryTimes = (n: number) => ({
  id: `7d1f0b1e-0000-4000-9000-${String(n).padStart(12, "0")}`,
  createdAt: `2026-11-${String(30 - n).padStart(2, "0")}T11:00:00.000Z`,
  updatedAt: `2026-11-${String(30 - n).padStart(2, "0")}T11:00:05.000Z`,
});

/** A sell of the nth history position: 0.01 BTC for dollars. */
export const historySell = (n: number, status: OrderStatus = "completed"): EntryOf<"sell"> => ({
  ...entryTimes(n),
  type: "sell",
  status,
  asset: "BTC",
  currency: "USD",
  sell: { asset: "BTC", value: "0.01000000" },
  receive: { asset: "USD", value: "958.10" },
  fee: { asset: "USD", value: "9.68" },
  price: "96778.00",
  quoteId: "5a0e7c1e-0000-4000-9000-000000000001",
});

/** A completed conversion of BTC into ETH at the nth history position. */
export const historyConvert = (n: number): EntryOf<"convert"> => ({
  ...entryTimes(n),
  type: "convert",
  status: "completed",
  sell: { asset: "BTC", value: "0.00050000" },
  receive: { asset: "ETH", value: "0.016812345678901234" },
  fee: { asset: "ETH", value: "0.000168" },
  rate: "33.96",
  quoteId: "5a0e7c1e-0000-4000-9000-000000000002",
});

/** A withdrawal of the nth history position, still on its way. */
export const historyWithdrawal = (n: number, status: OrderStatus = "processing"): EntryOf<"withdrawal"> => ({
  ...entryTimes(n),
  type: "withdrawal",
  status,
  amount: { asset: "ETH", value: "0.5" },
  fee: { asset: "ETH", value: "0.001" },
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
  network: "ethereum",
});
