import { Trans, useLingui } from "@lingui/react/macro";
import type { BuyQuote } from "../../../../contract/index.ts";
import { AmountFigure, PriceFigure } from "./Figure.tsx";

/** What the card is charged, what is credited, the fee and the price: shown before paying. */
export function QuoteSummary({ quote, busy }: { quote: BuyQuote | null; busy: boolean }) {
  const { t } = useLingui();
  if (!quote) return busy ? <div className="buy-quote buy-quote-empty card-placeholder" aria-hidden="true" /> : null;
  const percent = (quote.feeBasisPoints / 100).toFixed(2);
  return (
    <section className="buy-quote" aria-busy={busy} aria-label={t`Quote`}>
      <dl>
        <AmountFigure label={<Trans>You pay</Trans>} amount={quote.pay} />
        <AmountFigure label={<Trans>You receive</Trans>} amount={quote.receive} className="buy-quote-receive" />
        <AmountFigure
          label={
            <Trans>
              Fee (<bdi dir="ltr">{percent}%</bdi>)
            </Trans>
          }
          amount={quote.fee}
        />
        <PriceFigure label={<Trans>Price</Trans>} symbol={quote.asset} price={quote.price} currency={quote.currency} />
      </dl>
      <p className="buy-note">
        <Trans>An estimate at today's price; the order is priced when it is created.</Trans>
      </p>
    </section>
  );
}
