// Which kinds of trade a user can make today: the one switch that the asset page's buttons, the
// home page's promises and the navigation follow, so nothing offers a trade that is not there yet
// (issue 26). The trading module turns a kind on here when it lands: all three are live with the exchange ticket.

/** Every kind of trade the product will have: buy (by card or from cash), sell for cash, convert coin to coin. */
export const TRADE_KINDS = ["buy", "sell", "convert"] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];

/** The kinds that exist now; a kind not listed has no button, link or promise anywhere. */
export const AVAILABLE_TRADE_KINDS: readonly TradeKind[] = ["buy", "sell", "convert"];

/** Whether a kind of trade can be made today. */
export function tradeKindAvailable(kind: TradeKind, available: readonly TradeKind[] = AVAILABLE_TRADE_KINDS): boolean {
  return available.includes(kind);
}
