import "../portfolio.css";
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Amount, BuyOrder, EntryOf, HistoryEntry } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { AssetBadge, formatPrice } from "../../market/index.ts";
import { amountDecimals, assetInfo, type AssetLookup } from "../lib/balances.ts";
import { formatDateTime } from "../lib/dates.ts";
import { typeMessages } from "./entryTypes.ts";
import { OrderStatusBadge } from "./OrderStatusBadge.tsx";

type Entry = Exclude<HistoryEntry, BuyOrder>;
type Trade = EntryOf<"buyCash" | "sell" | "convert">;

const isTrade = (entry: Entry): entry is Trade => entry.type === "buyCash" || entry.type === "sell" || entry.type === "convert";

/** What an entry moved: what arrived (+) or what left (−), and the coin it is about. */
function movedOf(entry: Entry): { sign: "+" | "−"; amount: Amount; asset: string } {
  switch (entry.type) {
    case "buyCash":
      return { sign: "+", amount: entry.receive, asset: entry.asset };
    case "sell":
      return { sign: "+", amount: entry.receive, asset: entry.asset };
    case "convert":
      return { sign: "+", amount: entry.receive, asset: entry.receive.asset };
    case "deposit":
      return { sign: "+", amount: entry.amount, asset: entry.amount.asset };
    case "withdrawal":
    case "fee":
      return { sign: "−", amount: entry.amount, asset: entry.amount.asset };
  }
}

/**
 * A row for the kinds of entry that trading and withdrawals add: when, what, how much, and its
 * status; a trade opens to what was given, its price or rate, its fee and its quote, as a card buy does.
 */
export function EntryRow({ entry, assets, expanded, onToggle }: { entry: Entry; assets: AssetLookup; expanded: boolean; onToggle: () => void }) {
  const { i18n } = useLingui();
  const moved = movedOf(entry);
  const amount = (value: Amount) => <Money amount={value} decimals={amountDecimals(assetInfo(assets, value.asset))} />;
  const trade = isTrade(entry) ? entry : null;
  const given = trade ? (trade.type === "buyCash" ? trade.pay : trade.sell) : null;
  const panelId = `entry-${entry.id}`;
  const summary = (
    <>
      <time className="history-date" dateTime={entry.createdAt}>
        {formatDateTime(entry.createdAt, i18n.locale)}
      </time>
      <span className="history-what">
        <AssetBadge asset={assetInfo(assets, moved.asset)} />
        <span className="history-type">{i18n._(typeMessages[entry.type])}</span>
      </span>
      <span className="history-amounts">
        <bdi dir="ltr" className="history-received">
          {moved.sign}
          {amount(moved.amount)}
        </bdi>
        {given && (
          <span className="history-paid">
            {trade?.type === "buyCash" ? (
              <Trans>Paid {amount(given)}</Trans>
            ) : trade?.type === "sell" ? (
              <Trans>Sold {amount(given)}</Trans>
            ) : (
              <Trans>From {amount(given)}</Trans>
            )}
          </span>
        )}
      </span>
      <OrderStatusBadge status={entry.status} />
    </>
  );
  if (!trade) {
    return (
      <li className="history-item" data-entry={entry.id}>
        <div className="history-row">{summary}</div>
      </li>
    );
  }
  return (
    <li className="history-item" data-entry={entry.id}>
      <button type="button" className="history-row" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
        {summary}
        <span className="history-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} className="history-details" hidden={!expanded}>
        {expanded && (
          <dl className="history-facts">
            <Fact term={trade.type === "convert" ? <Trans>Rate</Trans> : <Trans>Price</Trans>}>
              <bdi dir="ltr" className="money">
                {trade.type === "convert"
                  ? `1 ${trade.sell.asset} = ${trade.rate} ${trade.receive.asset}`
                  : formatPrice(trade.price, trade.currency, i18n.locale)}
              </bdi>
            </Fact>
            <Fact term={<Trans>Fee</Trans>}>{amount(trade.fee)}</Fact>
            <Fact term={<Trans>Quote</Trans>}>
              <bdi dir="ltr" className="history-id">
                {trade.quoteId}
              </bdi>
            </Fact>
          </dl>
        )}
      </div>
    </li>
  );
}

function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
