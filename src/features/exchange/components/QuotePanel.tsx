import { useId } from "react";
import { Trans } from "@lingui/react/macro";
import type { TradeQuote } from "../../../../contract/index.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { tradeCommands, type TradeQuoteRef } from "../hooks.ts";
import { exactAmount } from "../lib/texts.ts";
import { ExactFigure, Figure, PriceText } from "./Figures.tsx";

/** The quote on screen: exact figures, its seconds counting down, and a worse refresh to accept. */
export function QuotePanel({ actor, decimals }: { actor: TradeQuoteRef; decimals: (asset: string) => number }) {
  const id = useId();
  const { acceptWorse } = tradeCommands(actor);
  const quote = useSelector(actor, (state) => state.context.quote);
  const worse = useSelector(actor, (state) => state.context.worse);
  const secondsLeft = useSelector(actor, (state) => state.context.secondsLeft);
  const quoting = useSelector(actor, (state) => state.hasTag("quoting"));
  const refreshing = useSelector(actor, (state) => state.hasTag("refreshing"));
  const expired = useSelector(actor, (state) => state.hasTag("expired"));
  const counting = useSelector(actor, (state) => state.hasTag("quoted") && !state.hasTag("refreshing"));
  const shown = worse ?? quote;
  // The live region is always there, so a quote's arrival is heard (a region added with its text is often not).
  const announcer = (
    <p className="visually-hidden" role="status">
      {counting && !worse && shown ? (
        <Trans>
          Quote ready: you receive <bdi dir="ltr">{exactAmount(shown.receive, decimals(shown.receive.asset))}</bdi>. The price is held for a few seconds and
          refreshed by itself.
        </Trans>
      ) : expired ? (
        <Trans>The quote expired.</Trans>
      ) : null}
    </p>
  );
  if (!shown)
    return (
      <>
        {quoting && <div className="trade-quote trade-quote-empty card-placeholder" aria-hidden="true" />}
        {announcer}
      </>
    );
  const percent = (shown.feeBasisPoints / 100).toFixed(2);
  const fraction = Math.max(0, Math.min(1, secondsLeft / shown.validSeconds));
  return (
    <>
      <section className="trade-quote" aria-labelledby={`${id}-title`} aria-busy={quoting || refreshing} data-expired={expired || undefined}>
        <h2 id={`${id}-title`} className="trade-quote-title">
          <Trans>Quote</Trans>
        </h2>
        {worse && quote && <WorseOffer shown={quote} worse={worse} decimals={decimals} onAccept={acceptWorse} />}
        <dl>
          <ExactFigure label={<Trans>You pay</Trans>} amount={shown.pay} decimals={decimals(shown.pay.asset)} />
          <ExactFigure label={<Trans>You receive</Trans>} amount={shown.receive} decimals={decimals(shown.receive.asset)} className="trade-quote-receive" />
          <ExactFigure
            label={
              <Trans>
                Fee (<bdi dir="ltr">{percent}%</bdi>, included)
              </Trans>
            }
            amount={shown.fee}
            decimals={decimals(shown.fee.asset)}
          />
          <Figure label={<Trans>Price</Trans>}>
            <PriceText base={shown.pair.base} quote={shown.pair.quote} price={shown.price} />
          </Figure>
        </dl>
        {!expired && (
          <div className="trade-countdown">
            <div className="trade-countdown-bar" aria-hidden="true">
              <span style={{ inlineSize: `${fraction * 100}%` }} />
            </div>
            {/* Visible each second; read out only when the quote changes (the live region below). */}
            <p aria-hidden="true" className="trade-countdown-text">
              {refreshing || quoting ? <Trans>Refreshing the quote…</Trans> : <Trans>Price held for {secondsLeft} s</Trans>}
            </p>
          </div>
        )}
      </section>
      {announcer}
    </>
  );
}

function WorseOffer({ shown, worse, decimals, onAccept }: { shown: TradeQuote; worse: TradeQuote; decimals: (asset: string) => number; onAccept: () => void }) {
  const was = exactAmount(worse.side === "from" ? shown.receive : shown.pay, decimals(worse.side === "from" ? shown.receive.asset : shown.pay.asset));
  const now = exactAmount(worse.side === "from" ? worse.receive : worse.pay, decimals(worse.side === "from" ? worse.receive.asset : worse.pay.asset));
  return (
    <div className="trade-worse" role="alert">
      <p>
        {worse.side === "from" ? (
          <Trans>
            The price moved against you: you would now receive <bdi dir="ltr">{now}</bdi> instead of <bdi dir="ltr">{was}</bdi>.
          </Trans>
        ) : (
          <Trans>
            The price moved against you: you would now pay <bdi dir="ltr">{now}</bdi> instead of <bdi dir="ltr">{was}</bdi>.
          </Trans>
        )}
      </p>
      <button type="button" className="button button-primary" onClick={onAccept}>
        <Trans>Accept the new price</Trans>
      </button>
    </div>
  );
}
