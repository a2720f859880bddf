import "../portfolio.css";
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BuyOrder, HistoryEntry, OrderStatus } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { AssetBadge, formatPrice } from "../../market/index.ts";
import { assetInfo, type AssetLookup } from "../lib/balances.ts";
import { formatDateTime, formatTime } from "../lib/dates.ts";
import { AssetAmount } from "./AssetAmount.tsx";
import { EntryRow } from "./EntryRow.tsx";
import { typeMessages } from "./entryTypes.ts";
import { OrderStatusBadge, stepMessages } from "./OrderStatusBadge.tsx";

/** What an order's amounts mean by its outcome: credited and charged, still an estimate, or neither. */
const OUTCOME: Record<OrderStatus, "estimate" | "credited" | "nothing"> = {
  pending: "estimate",
  processing: "estimate",
  completed: "credited",
  failed: "nothing",
  cancelled: "nothing",
  expired: "nothing",
  // Credited, then taken back: the amounts are no longer the buyer's.
  refunded: "nothing",
  chargedBack: "nothing",
};

/** The entries, newest first; a card buy opens to its details and the timeline of its steps. */
export function HistoryList({ entries, assets }: { entries: readonly HistoryEntry[]; assets: AssetLookup }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ol className="history-list">
      {entries.map((entry) =>
        entry.type === "buy" ? (
          <HistoryRow key={entry.id} order={entry} assets={assets} expanded={open.has(entry.id)} onToggle={() => toggle(entry.id)} />
        ) : (
          <EntryRow key={entry.id} entry={entry} assets={assets} expanded={open.has(entry.id)} onToggle={() => toggle(entry.id)} />
        ),
      )}
    </ol>
  );
}

function HistoryRow({ order, assets, expanded, onToggle }: { order: BuyOrder; assets: AssetLookup; expanded: boolean; onToggle: () => void }) {
  const { i18n } = useLingui();
  const asset = assetInfo(assets, order.asset);
  const panelId = `order-${order.id}`;
  const outcome = OUTCOME[order.status];
  return (
    <li className="history-item" data-order={order.id}>
      <button type="button" className="history-row" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
        <time className="history-date" dateTime={order.createdAt}>
          {formatDateTime(order.createdAt, i18n.locale)}
        </time>
        <span className="history-what">
          <AssetBadge asset={asset} />
          <span>
            <span className="history-type">{i18n._(typeMessages.buy)}</span>{" "}
            <bdi dir="ltr" className="asset-symbol">
              {order.asset}
            </bdi>
          </span>
        </span>
        <span className="history-amounts">
          {/* The sign stays with the amount, left of it, in Arabic too. */}
          <bdi dir="ltr" className={`history-received history-received-${outcome}`}>
            {outcome === "credited" ? "+" : outcome === "estimate" ? "≈ " : ""}
            <AssetAmount value={order.receive.value} asset={asset} />
          </bdi>
          <span className="history-paid">
            {outcome === "credited" ? (
              <Trans>
                Paid <Money amount={order.pay} />
              </Trans>
            ) : outcome === "estimate" ? (
              <Trans>
                Paying <Money amount={order.pay} />
              </Trans>
            ) : (
              <Trans>Nothing charged or credited</Trans>
            )}
          </span>
        </span>
        <OrderStatusBadge status={order.status} />
        <span className="history-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} className="history-details" hidden={!expanded}>
        {expanded && (
          <>
            <dl className="history-facts">
              <div>
                <dt>
                  <Trans>Price</Trans>
                </dt>
                <dd>
                  <bdi dir="ltr" className="money">
                    {formatPrice(order.price, order.currency, i18n.locale)}
                  </bdi>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Fee</Trans>
                </dt>
                <dd>
                  <AssetAmount value={order.fee.value} asset={asset} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Order</Trans>
                </dt>
                <dd>
                  <bdi dir="ltr" className="history-id">
                    {order.id}
                  </bdi>
                </dd>
              </div>
            </dl>
            <h3 className="history-timeline-title">
              <Trans>Timeline</Trans>
            </h3>
            <ol className="history-timeline">
              {order.timeline.map((entry) => (
                <li key={`${entry.step}-${entry.at}`} className={`timeline-step timeline-step-${entry.step}`}>
                  <span className="timeline-dot" aria-hidden="true" />
                  <span className="timeline-word">{i18n._(stepMessages[entry.step])}</span>
                  <time dateTime={entry.at}>{formatTime(entry.at, i18n.locale)}</time>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </li>
  );
}
