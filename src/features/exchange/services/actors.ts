// What the tradeQuote machine does at its edges: the trading calls. A sell is accepted through the
// spec's /user/sell/sendOrder, a buy or a convert through /user/trade/accept.
import { fromPromise } from "xstate";
import type { Trade, TradeQuote } from "../../../../contract/index.ts";
import type { tradeQuoteMachine } from "../../../../machines/exchange/tradeQuote.machine.ts";
import type { AcceptInput, QuoteBody } from "../../../../machines/exchange/tradeQuote.types.ts";
import type { Call } from "../../../shared/api/call.ts";

type Implementations = Parameters<typeof tradeQuoteMachine.provide>[0];

export function tradeQuoteImplementations(call: Call) {
  return {
    actors: {
      fetchQuote: fromPromise<TradeQuote, QuoteBody>(({ input }) => call("tradeQuote", input)),
      acceptQuote: fromPromise<Trade, AcceptInput>(({ input }) =>
        input.kind === "sell" ? call("sellSendOrder", { quoteId: input.quoteId }) : call("tradeAccept", { quoteId: input.quoteId }),
      ),
    },
  } satisfies Implementations;
}
