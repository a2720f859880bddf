// Trade quotes and trades for graph specs, machine tests and view tests. Typed by the contract, so
// a change to a quote's or a trade's shape breaks each use at compile time. Only tests and graph
// specs import this file: test data never reaches the app's bundle.
import type { Trade, TradeKind, TradeQuote } from "../../contract/index.ts";

export const QUOTE_ID = "3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b";
export const TRADE_ID = "7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d";
const SERVER_NOW = "2026-11-28T10:00:00.000Z";

/** The figures of one quote per kind (what 100 USD buys, 0.001 BTC sells, 0.01 BTC converts to). */
const figures: Record<TradeKind, Pick<TradeQuote, "pair" | "price" | "mid" | "pay" | "receive" | "fee" | "limits">> = {
  buy: {
    pair: { base: "BTC", quote: "USD" },
    price: "97366.26",
    mid: "97123.45",
    pay: { asset: "USD", value: "100.00" },
    receive: { asset: "BTC", value: "0.00102603" },
    fee: { asset: "BTC", value: "0.00000103" },
    limits: { min: { asset: "USD", value: "1.00" }, max: { asset: "USD", value: "100000.00" } },
  },
  sell: {
    pair: { base: "BTC", quote: "USD" },
    price: "96880.64",
    mid: "97123.45",
    pay: { asset: "BTC", value: "0.001" },
    receive: { asset: "USD", value: "96.78" },
    fee: { asset: "USD", value: "0.10" },
    limits: { min: { asset: "BTC", value: "0.00001030" }, max: { asset: "BTC", value: "1.02960000" } },
  },
  convert: {
    pair: { base: "BTC", quote: "ETH" },
    price: "32.16",
    mid: "32.24",
    pay: { asset: "BTC", value: "0.01" },
    receive: { asset: "ETH", value: "0.321278" },
    fee: { asset: "ETH", value: "0.000322" },
    limits: { min: { asset: "BTC", value: "0.00001030" }, max: { asset: "BTC", value: "1.02960000" } },
  },
};

/**
 * A quote of `kind` valid for `seconds` from the server's now; `receive` (or `pay` for side "to")
 * may be moved to make a refreshed quote better or worse than the first.
 */
export function tradeQuote({
  kind = "buy",
  seconds = 5,
  receive,
  id = QUOTE_ID,
  now = SERVER_NOW,
}: { kind?: TradeKind; seconds?: number; receive?: string; id?: string; now?: string } = {}): TradeQuote {
  const base = figures[kind];
  return {
    id,
    kind,
    side: "from",
    ...base,
    receive: receive ? { ...base.receive, value: receive } : base.receive,
    feeBasisPoints: 10,
    spreadBasisPoints: 25,
    createdAt: now,
    expiresAt: new Date(Date.parse(now) + seconds * 1000).toISOString(),
    serverNow: now,
    validSeconds: seconds,
  };
}

/** The trade that accepting `quote` makes: paid and received equal to the quote's. */
export function tradeOf(quote: TradeQuote): Trade {
  return {
    id: TRADE_ID,
    quoteId: quote.id,
    kind: quote.kind,
    pair: quote.pair,
    price: quote.price,
    paid: quote.pay,
    received: quote.receive,
    fee: quote.fee,
    quoted: { pay: quote.pay, receive: quote.receive },
    executedAt: new Date(Date.parse(quote.createdAt) + 2000).toISOString(),
    historyId: TRADE_ID,
  };
}
