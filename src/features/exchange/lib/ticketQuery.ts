// The ticket as the page's address carries it (?curr=USD&symbol=BTC&side=convert&to=ETH), so a
// reload, Back or a shared link opens the same ticket. `side` is the kind of trade (buy by default).
import { TRADE_KINDS, type QuoteCurrency, type TradeKind } from "../../../../contract/index.ts";
import { QUOTE_CURRENCIES } from "../../../../contract/quotes.ts";
import { paths } from "../../../shared/lib/paths.ts";

export interface TicketQuery {
  kind: TradeKind;
  currency: QuoteCurrency;
  symbol: string;
  /** A convert's target coin. */
  to: string;
  /** Whether the address named a pair that is not valid (it fell back to BTC / USD). */
  bad: boolean;
}

const code = /^[A-Z0-9]{2,10}$/;

/** The coin a convert goes to when the address does not say: ETH, or BTC when converting ETH. */
export const defaultTarget = (symbol: string) => (symbol === "ETH" ? "BTC" : "ETH");

export function readTicketQuery(search: string): TicketQuery {
  const query = new URLSearchParams(search);
  const curr = (query.get("curr") ?? "USD").toUpperCase();
  const symbol = (query.get("symbol") ?? "BTC").toUpperCase();
  const kind = TRADE_KINDS.find((candidate) => candidate === query.get("side")) ?? "buy";
  const currency = QUOTE_CURRENCIES.find((candidate) => candidate === curr);
  const bad = !currency || !code.test(symbol);
  const pairSymbol = bad ? "BTC" : symbol;
  const target = (query.get("to") ?? "").toUpperCase();
  return {
    kind,
    currency: currency && !bad ? currency : "USD",
    symbol: pairSymbol,
    to: code.test(target) && target !== pairSymbol ? target : defaultTarget(pairSymbol),
    bad,
  };
}

/** The address of a ticket: `to` only for a convert, `side` only when it is not a buy. */
export function ticketHref({ kind, currency, symbol, to }: Omit<TicketQuery, "bad">): string {
  const query = new URLSearchParams({ curr: currency, symbol });
  if (kind !== "buy") query.set("side", kind);
  if (kind === "convert") query.set("to", to);
  return `${paths.exchange}?${query.toString()}`;
}

/** What is given and what is received for a ticket. */
export function legsOf({ kind, currency, symbol, to }: Pick<TicketQuery, "kind" | "currency" | "symbol" | "to">): { from: string; to: string } {
  if (kind === "buy") return { from: currency, to: symbol };
  if (kind === "sell") return { from: symbol, to: currency };
  return { from: symbol, to };
}
