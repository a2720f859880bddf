import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Trade } from "../../../../contract/index.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { tradeCommands, type TradeQuoteRef } from "../hooks.ts";
import { exactAmount } from "../lib/texts.ts";
import { ExactFigure, Figure, PriceText } from "./Figures.tsx";

const sameAmounts = (trade: Trade) => trade.quoted.pay.value === trade.paid.value && trade.quoted.receive.value === trade.received.value;

/** After a trade: what was paid and received, against what was quoted; focus moves to its heading. */
export function Receipt({ actor, trade, decimals }: { actor: TradeQuoteRef; trade: Trade; decimals: (asset: string) => number }) {
  const { i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const { again } = tradeCommands(actor);
  useEffect(() => heading.current?.focus(), []);
  const time = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(trade.executedAt));
  const amount = (value: Trade["paid"]) => exactAmount(value, decimals(value.asset));
  const received = amount(trade.received);
  const history = `${paths.history}?${new URLSearchParams({ asset: trade.received.asset }).toString()}#${trade.historyId}`;
  return (
    <section className="card trade-receipt" aria-labelledby="trade-receipt-title">
      <h2 id="trade-receipt-title" ref={heading} tabIndex={-1}>
        {trade.kind === "buy" ? (
          <Trans>
            Bought <bdi dir="ltr">{received}</bdi>
          </Trans>
        ) : trade.kind === "sell" ? (
          <Trans>
            Sold for <bdi dir="ltr">{received}</bdi>
          </Trans>
        ) : (
          <Trans>
            Converted into <bdi dir="ltr">{received}</bdi>
          </Trans>
        )}
      </h2>
      <dl className="trade-figures">
        <ExactFigure label={<Trans>Paid</Trans>} amount={trade.paid} decimals={decimals(trade.paid.asset)} />
        <ExactFigure label={<Trans>Received</Trans>} amount={trade.received} decimals={decimals(trade.received.asset)} />
        <Figure label={<Trans>Price</Trans>}>
          <PriceText base={trade.pair.base} quote={trade.pair.quote} price={trade.price} />
        </Figure>
        <ExactFigure label={<Trans>Fee (included)</Trans>} amount={trade.fee} decimals={decimals(trade.fee.asset)} />
        <Figure label={<Trans>Time</Trans>} words>
          <time dateTime={trade.executedAt}>{time}</time>
        </Figure>
        <Figure label={<Trans>Quoted</Trans>}>
          {amount(trade.quoted.pay)} → {amount(trade.quoted.receive)}
        </Figure>
        <Figure label={<Trans>Executed</Trans>}>
          {amount(trade.paid)} → {amount(trade.received)}
        </Figure>
      </dl>
      <p className="trade-note">
        {sameAmounts(trade) ? <Trans>Executed exactly as quoted.</Trans> : <Trans>The executed amounts differ from the quote. Please contact support.</Trans>}
      </p>
      <p className="trade-actions">
        <Link className="button" href={history}>
          <Trans>See it in your history</Trans>
        </Link>
        <Link className="button" href={paths.portfolio}>
          <Trans>See your portfolio</Trans>
        </Link>
        <button type="button" className="button button-primary" onClick={again}>
          <Trans>Trade again</Trans>
        </button>
      </p>
    </section>
  );
}
