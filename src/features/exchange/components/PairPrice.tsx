import { Trans, useLingui } from "@lingui/react/macro";
import type { CurrencyList, Price, QuoteCurrency } from "../../../../contract/index.ts";
import { AssetBadge, FeedStatus, formatPrice, PriceChange, useFeed, usePriceFeed } from "../../market/index.ts";

/** The pair's live market price beside the ticket (the quote adds the spread and the fee). */
export function PairPrice({ list, symbol, currency }: { list: CurrencyList; symbol: string; currency: QuoteCurrency }) {
  const { i18n } = useLingui();
  const asset = list.assets.find((candidate) => candidate.symbol === symbol);
  const feed = useFeed<Price>(usePriceFeed("price", { symbol, currency }));
  const price = feed.data?.symbol === symbol && feed.data.currency === currency ? feed.data : null;
  return (
    <section className="card pair-card" aria-labelledby="pair-title">
      <h2 id="pair-title" className="pair-title">
        {asset && <AssetBadge asset={asset} size="lg" />}
        <bdi dir="ltr" className="pair">
          {symbol} / {currency}
        </bdi>
      </h2>
      <p className="pair-price">
        {price ? (
          <>
            <bdi dir="ltr" className="money asset-price" data-price>
              {formatPrice(price.price, currency, i18n.locale)}
            </bdi>{" "}
            <PriceChange value={price.change24h} />
          </>
        ) : (
          <span className="card-placeholder" aria-hidden="true" />
        )}
      </p>
      {price?.source === "binance" && currency === "USD" && (
        <p className="source-note">
          <Trans>Prices in USD are those of the USDT market.</Trans>
        </p>
      )}
      <FeedStatus status={feed.status} ageSeconds={feed.ageSeconds} onRetry={feed.retry} />
      <p className="source-note">
        <Trans>The market's mid price. A quote adds the spread and the fee, and shows both before you confirm.</Trans>
      </p>
    </section>
  );
}
