import { useSelector } from "../../../shared/actors/hooks.ts";
import { Receipt } from "./Receipt.tsx";
import { TradeTicket, type TicketProps } from "./TradeTicket.tsx";

/** The ticket, or once a trade is made its receipt: both thin subscribers to the tradeQuote actor. */
export function TicketOrReceipt(props: TicketProps) {
  const trade = useSelector(props.actor, (state) => (state.hasTag("done") ? state.context.trade : null));
  return trade ? <Receipt actor={props.actor} trade={trade} decimals={props.decimals} /> : <TradeTicket {...props} />;
}
