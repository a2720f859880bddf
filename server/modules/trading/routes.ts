// The trading calls (contract/trading.ts): /user/trade/quote, /user/trade/accept, /user/sell/sendOrder.
import { handlers } from "../../platform/http/api.ts";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TradingDeps {}

const notYet = (): never => {
  throw new Error("trading is being built");
};

export function tradingHandlers(_deps: TradingDeps) {
  return handlers({
    tradeQuote: { success: "success.ok", handle: notYet },
    tradeAccept: { success: "success.ok", handle: notYet },
    sellSendOrder: { success: "success.ok", handle: notYet },
  });
}
