import { useId } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset, CurrencyList, Price, QuoteCurrency } from "../../../../contract/index.ts";
import { QUOTE_CURRENCIES } from "../../../../contract/quotes.ts";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { parsePair } from "../../../shared/lib/pair.ts";
import { buyHref, exchangeHref } from "../../../shared/lib/paths.ts";
import {
  AssetBadge,
  FeedStatus,
  formatPrice,
  ListFailed,
  PriceChange,
  QuoteCurrencySelect,
  UnknownAsset,
  useCurrencyList,
  useFeed,
  usePriceFeed,
} from "../../market/index.ts";

export default function ExchangePage() {
  const pair = parsePair(useSearch());
  const { list, failed, retry } = useCurrencyList();
  const currency = QUOTE_CURRENCIES.find((code) => code === pair.curr);
  const asset = list?.assets.find((candidate) => candidate.symbol === pair.symbol);
  return (
    <>
      <PageHeader title={<Trans>Exchange</Trans>}>
        {!pair.ok && (
          <p role="alert" className="form-error">
            <Trans>That currency pair is not valid. Showing BTC / USD instead.</Trans>
          </p>
        )}
      </PageHeader>
      {failed && <ListFailed onRetry={retry} />}
      {list && (!asset || !currency) && <UnknownAsset symbol={pair.symbol} currency={pair.curr} />}
      {list && asset && currency && <PairQuote asset={asset} currency={currency} list={list} />}
      <ComingSoon>
        <Trans>Buying, selling and swapping at a quoted price arrive next.</Trans>
      </ComingSoon>
    </>
  );
}

function PairQuote({ asset, currency, list }: { asset: Asset; currency: QuoteCurrency; list: CurrencyList }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const assetId = useId();
  const feed = useFeed<Price>(usePriceFeed("price", { symbol: asset.symbol, currency }));
  const price = feed.data?.symbol === asset.symbol && feed.data.currency === currency ? feed.data : null;
  const ar = i18n.locale.startsWith("ar");
  const symbol = asset.symbol;
  return (
    <section className="card pair-card" aria-labelledby="pair-title">
      <div className="market-toolbar">
        <div className="inline-field">
          <label htmlFor={assetId}>
            <Trans>Asset</Trans>
          </label>
          <select id={assetId} value={asset.symbol} onChange={(event) => navigate(exchangeHref(currency, event.target.value), { replace: true })}>
            {list.assets.map((option) => (
              <option key={option.symbol} value={option.symbol}>
                {option.symbol} · {ar ? option.name.ar : option.name.en}
              </option>
            ))}
          </select>
        </div>
        <QuoteCurrencySelect value={currency} currencies={list.currencies} onChange={(next) => navigate(exchangeHref(next, asset.symbol), { replace: true })} />
      </div>
      <h2 id="pair-title" className="pair-title">
        <AssetBadge asset={asset} size="lg" />
        <bdi dir="ltr" className="pair">
          {asset.symbol} / {currency}
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
      <p className="trade-actions">
        <Link className="button button-primary" href={buyHref(asset.symbol, currency)}>
          <Trans>
            Buy <bdi dir="ltr">{symbol}</bdi> by card
          </Trans>
        </Link>
      </p>
    </section>
  );
}
