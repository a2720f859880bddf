import { Trans, useLingui } from "@lingui/react/macro";
import type { Tickers } from "../../../../contract/index.ts";
import { Link } from "wouter";
import { HOME_SYMBOLS } from "../lib/homeSymbols.ts";
import { paths } from "../../../shared/lib/paths.ts";
import {
  AssetBadge,
  AssetName,
  changeDirection,
  FeedStatus,
  formatPrice,
  PriceChange,
  Sparkline,
  useCurrencyList,
  useFeed,
  usePriceFeed,
} from "../../market/index.ts";

/**
 * A few major assets' live prices (public: /market/tickers needs no sign-in), polled every 5 s
 * while the tab is visible by the market's price feed. Its first request leaves after the page is
 * painted (the feed starts once the page has hydrated); rows keep their height while loading, so
 * nothing moves when the prices arrive.
 */
export function LivePrices() {
  const { t, i18n } = useLingui();
  const feed = usePriceFeed("tickers", { currency: "USD" });
  const { data, status, ageSeconds, retry } = useFeed<Tickers>(feed);
  const { list } = useCurrencyList();
  const rows = HOME_SYMBOLS.map((symbol) => ({
    symbol,
    asset: list?.assets.find((asset) => asset.symbol === symbol) ?? null,
    ticker: data?.tickers.find((ticker) => ticker.symbol === symbol) ?? null,
  })).filter((row) => list === null || row.asset !== null);
  const failed = data === null && (status === "failed" || status === "retrying" || status === "offline");
  return (
    <section className="card home-prices" aria-labelledby="home-prices-title" aria-busy={data === null && !failed}>
      <div className="home-prices-head">
        <h2 id="home-prices-title">{t`Live prices`}</h2>
        <FeedStatus status={status} ageSeconds={ageSeconds} onRetry={retry} />
      </div>
      {failed ? (
        <p className="home-prices-failed">
          <Trans>Prices are not available right now. They will appear here as soon as they are back.</Trans>
        </p>
      ) : (
        <ul className="home-price-list">
          {rows.map(({ symbol, asset, ticker }) => (
            <li key={symbol} className="home-price-row" data-symbol={symbol}>
              {asset ? <AssetBadge asset={asset} /> : <span className="asset-badge asset-badge-md home-badge-placeholder" aria-hidden="true" />}
              <span className="home-price-name">{asset ? <AssetName asset={asset} locale={i18n.locale} /> : <bdi dir="ltr">{symbol}</bdi>}</span>
              {ticker ? (
                <>
                  <span className="home-price-spark">
                    <Sparkline points={ticker.sparkline} direction={changeDirection(ticker.change24h)} />
                  </span>
                  <span className="home-price-value">
                    <bdi dir="ltr" className="money" data-testid={`price-${symbol}`}>
                      {formatPrice(ticker.price, "USD", i18n.locale)}
                    </bdi>
                    <PriceChange value={ticker.change24h} />
                  </span>
                </>
              ) : (
                <span className="home-price-value" aria-hidden="true">
                  <span className="skeleton-line home-price-skeleton" />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="home-prices-note">
        <Link href={paths.market} className="home-prices-link">{t`See every market`}</Link>
        <span>{t`Prices in US dollars, 24-hour change.`}</span>
      </p>
    </section>
  );
}
