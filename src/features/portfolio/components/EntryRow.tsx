import "../portfolio.css";
import { useLingui } from "@lingui/react/macro";
import type { BuyOrder, EntryOf, HistoryEntry } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { formatDateTime } from "../lib/dates.ts";
import { typeMessages } from "./entryTypes.ts";
import { OrderStatusBadge } from "./OrderStatusBadge.tsx";

/** What an entry other than a card buy moved: what arrived (+) or what left (−). */
function movedOf(entry: Exclude<HistoryEntry, BuyOrder>) {
  switch (entry.type) {
    case "buyCash":
    case "sell":
    case "convert":
      return { sign: "+", amount: entry.receive };
    case "deposit":
      return { sign: "+", amount: entry.amount };
    case "withdrawal":
    case "fee":
      return { sign: "−", amount: entry.amount };
  }
}

/** A row for the kinds of entry that trading and withdrawals add: when, what, how much, and its status. */
export function EntryRow({ entry }: { entry: Exclude<HistoryEntry, EntryOf<"buy">> }) {
  const { i18n, t } = useLingui();
  const moved = movedOf(entry);
  return (
    <li className="history-item" data-entry={entry.id}>
      <div className="history-row">
        <time className="history-date" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt, i18n.locale)}
        </time>
        <span className="history-what">
          <span className="history-type">{i18n._(typeMessages[entry.type])}</span>
        </span>
        <span className="history-amounts">
          <bdi dir="ltr" className="history-received">
            {moved.sign}
            <Money amount={moved.amount} />
          </bdi>
        </span>
        <OrderStatusBadge status={entry.status} />
      </div>
      {entry.type === "withdrawal" && entry.txid && (
        <p className="history-txid">
          {t`Network id`}: <bdi dir="ltr">{entry.txid}</bdi>
        </p>
      )}
    </li>
  );
}
