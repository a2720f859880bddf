// The trades that exist (contract/tradeKinds.ts), as the views read them: through a context whose
// default is the contract's list, so a provider above the app can show every button, link and
// promise as the trading module will set them (the view tests do, without replacing the module).
import { createContext, useContext } from "react";
import { AVAILABLE_TRADE_KINDS, type TradeKind } from "../../../contract/tradeKinds.ts";

export const TradeKindsContext = createContext<readonly TradeKind[]>(AVAILABLE_TRADE_KINDS);

/** The kinds of trade a user can make today. */
export function useTradeKinds(): readonly TradeKind[] {
  return useContext(TradeKindsContext);
}
