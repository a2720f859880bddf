import { Trans, useLingui } from "@lingui/react/macro";
import type { BuyQuote } from "../../../../contract/index.ts";
import { formatPrice } from "../../market/index.ts";
import { formatAmount } from "../lib/amounts.ts";

/** What the card is charged, what is credited, the fee and the price: shown before paying. */
export function QuoteSummary({ quote, busy }: { quote: BuyQuote | null; busy: boolean }) {
  const { i18n, t } = useLingui();
  if (!quote) return busy ? <div className="buy-quote buy-quote-empty card-placeholder" aria-hidden="true" /> : null;
  const locale = i18n.locale;
  const percent = (quote.feeBasisPoints / 100).toFixed(2);
  const symbol = quote.asset;
  return (
    <section className="buy-quote" aria-busy={busy} aria-label={t`Quote`}>
      <dl>
        <div>
          <dt>
            <Trans>You pay</Trans>
          </dt>
          <dd>
            <bdi dir="ltr" className="money">
              {formatAmount(quote.pay, locale)}
            </bdi>
          </dd>
        </div>
        <div className="buy-quote-receive">
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd>
            <bdi dir="ltr" className="money">
              {formatAmount(quote.receive, locale)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>
              Fee (<bdi dir="ltr">{percent}%</bdi>)
            </Trans>
          </dt>
          <dd>
            <bdi dir="ltr" className="money">
              {formatAmount(quote.fee, locale)}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd>
            <bdi dir="ltr">
              1 {symbol} = {formatPrice(quote.price, quote.currency, locale)}
            </bdi>
          </dd>
        </div>
      </dl>
      <p className="buy-note">
        <Trans>An estimate at today's price; the order is priced when it is created.</Trans>
      </p>
    </section>
  );
}
