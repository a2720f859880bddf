// The trading calls (contract/trading.ts): /user/trade/quote, /user/trade/accept, and
// /user/sell/sendOrder (the spec's name for accepting a sell quote).
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import { translate } from "../../platform/i18n/index.ts";
import { createAccept } from "./accept.ts";
import { createQuotes, type TradingDeps } from "./quotes.ts";
import { createRecentQuotes } from "./recent-quotes.ts";

export type { TradingDeps };

export function tradingHandlers(deps: TradingDeps) {
  // The quotes made here, read by the accepts that follow them.
  const recent = createRecentQuotes();
  const quotes = createQuotes(deps, recent);
  const accept = createAccept(deps, recent);
  return handlers({
    tradeQuote: {
      success: "success.ok",
      handle: (c, body) => quotes.create(c.var.auth.user.id, c.var.locale, body),
    },
    tradeAccept: {
      success: "success.ok",
      handle: async (c, { quoteId }) => (await accept("tradeAccept", c.var.auth.user.id, quoteId)) as Exclude<Awaited<ReturnType<typeof accept>>, "wrongKind">,
    },
    sellSendOrder: {
      success: "success.ok",
      handle: async (c, { quoteId }) => {
        const trade = await accept("sellSendOrder", c.var.auth.user.id, quoteId, "sell");
        if (trade === "wrongKind") {
          const locale = c.var.locale;
          throw refuse(
            "sellSendOrder",
            "validation",
            validationData(locale, { quoteId: "field.invalid" }, { messages: { quoteId: translate(locale, "trade.quote.notSell") } }),
          );
        }
        return trade;
      },
    },
  });
}
