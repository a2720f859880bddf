import { useLingui } from "@lingui/react/macro";
import { HOME_SYMBOLS } from "../lib/homeSymbols.ts";

/** The prices panel before its code and first answer arrive: the same frame, rows of the same height. */
export function PricesPlaceholder() {
  const { t } = useLingui();
  return (
    <section className="card home-prices" aria-labelledby="home-prices-title" aria-busy="true">
      <div className="home-prices-head">
        <h2 id="home-prices-title">{t`Live prices`}</h2>
      </div>
      <ul className="home-price-list">
        {HOME_SYMBOLS.map((symbol) => (
          <li key={symbol} className="home-price-row">
            <span className="asset-badge asset-badge-md home-badge-placeholder" aria-hidden="true" />
            <span className="home-price-name">
              <bdi dir="ltr">{symbol}</bdi>
            </span>
            <span className="home-price-value" aria-hidden="true">
              <span className="skeleton-line home-price-skeleton" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
