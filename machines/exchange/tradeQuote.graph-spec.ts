// Samples the statechart tools drive the tradeQuote machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { tradeOf, tradeQuote } from "./exchange.fixtures.ts";
import type { TradeQuoteEvent, TradeQuoteInput } from "./tradeQuote.types.ts";

const failure = (code: string, reason?: string, data: Record<string, unknown> = {}) => ({
  code,
  message: "server message",
  ...(reason ? { data: { reason, ...data } } : {}),
});

// Short quotes (5 s) keep the countdown's snapshots few: two seconds counted, then the refresh.
const first = tradeQuote({ seconds: 5 });

export const tradeQuoteGraphSpec: MachineGraphSpec<TradeQuoteInput, TradeQuoteEvent> = {
  maxSnapshots: 4000,
  inputs: [{ form: { available: "500.00" } }],
  events: [
    { type: "exchange.edit", changes: { side: "from", amount: "100" } },
    { type: "exchange.edit", changes: { side: "from", amount: "100.001" } },
    { type: "exchange.edit", changes: { side: "from", amount: "" } },
    { type: "exchange.blur" },
    { type: "exchange.balance", available: "50.00" },
    { type: "exchange.confirm" },
    { type: "exchange.acceptWorse" },
    { type: "exchange.requote" },
    { type: "exchange.again" },
  ],
  actors: {
    fetchQuote: {
      // The first, one 0.1 % worse (refreshed silently), one 1 % worse (the user's yes), one too short to confirm.
      done: [first, tradeQuote({ seconds: 5, receive: "0.00102500" }), tradeQuote({ seconds: 5, receive: "0.00101500" }), tradeQuote({ seconds: 3 })],
      error: [
        failure("badRequest", "validation", {
          fieldKeys: { amount: "amount.belowMinimum" },
          limits: { min: { asset: "USD", value: "1.00" }, max: { asset: "USD", value: "100000.00" } },
        }),
        failure("conflict", "houseCannotFill"),
        failure("conflict", "debtOutstanding"),
        failure("unavailable", "pricesStale"),
        failure("network"),
      ],
    },
    acceptQuote: {
      done: [tradeOf(first)],
      error: [
        failure("conflict", "quoteExpired"),
        failure("conflict", "insufficientBalance"),
        failure("conflict", "houseCannotFill"),
        failure("conflict", "priceMoved"),
        failure("unavailable", "pricesStale"),
        failure("conflict", "debtOutstanding"),
        failure("network"),
      ],
    },
  },
};
