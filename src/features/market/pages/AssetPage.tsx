import { useMemo, useState } from "react";
import { Link, useParams } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset, PriceHistory, PriceRange, QuoteCurrencyInfo } from "../../../../contract/index.ts";
import { PRICE_RANGES } from "../../../../contract/quotes.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { paths } from "../../../shared/lib/paths.ts";
import { AssetBadge } from "../components/AssetBadge.tsx";
import { FeedStatus } from "../components/FeedStatus.tsx";
import { ListFailed } from "../components/ListFailed.tsx";
import { PriceChange } from "../components/PriceChange.tsx";
import { ChartAttribution, PriceChart } from "../components/PriceChart.tsx";
import { QuoteCurrencySelect } from "../components/QuoteCurrencySelect.tsx";
import { StarButton } from "../components/StarButton.tsx";
import { TradeActions } from "../components/TradeActions.tsx";
import { changeLabels, rangeNames } from "../components/rangeTexts.tsx";
import { useCurrencyList, useFavourites, useFeed, usePriceFeed, useQuoteCurrency } from "../hooks.ts";
import { chartPoints } from "../lib/chart.ts";
import { changeDirection, formatPrice, priceDecimals } from "../lib/format.ts";
import { UnknownAsset } from "../components/UnknownAsset.tsx";

export default function AssetPage() {
  const symbol = (useParams<{ symbol: string }>().symbol ?? "").toUpperCase().slice(0, 24);
  const { list, failed, retry } = useCurrencyList();
  if (failed) return <ListFailed onRetry={retry} />;
  if (!list)
    return (
      <p className="visually-hidden" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  const asset = list.assets.find((candidate) => candidate.symbol === symbol);
  if (!asset) return <UnknownAsset symbol={symbol} />;
  return <AssetDetail asset={asset} currencies={list.currencies} initialFavourites={list.favourites} />;
}

function AssetDetail({ asset, currencies, initialFavourites }: { asset: Asset; currencies: QuoteCurrencyInfo[]; initialFavourites: readonly string[] | null }) {
  const { i18n, t } = useLingui();
  const [currency, setCurrency] = useQuoteCurrency();
  const [range, setRange] = useState<PriceRange>("1D");
  const feed = useFeed<PriceHistory>(usePriceFeed("history", { symbol: asset.symbol, currency, range }));
  const { favourites, set: setFavourite } = useFavourites(initialFavourites);
  const history = feed.data && feed.data.range === range && feed.data.currency === currency && feed.data.symbol === asset.symbol ? feed.data : null;
  const points = useMemo(() => (history ? chartPoints(history) : []), [history]);
  const last = history?.points.at(-1)?.p ?? null;
  const name = i18n.locale.startsWith("ar") ? asset.name.ar : asset.name.en;
  const price = (value: string) => formatPrice(value, currency, i18n.locale);
  const decimals = last ? priceDecimals(last) : 2;
  const rangeName = rangeNames[range]();

  return (
    <>
      <p className="back-link">
        <Link href={paths.market}>
          <Trans>← All assets</Trans>
        </Link>
      </p>
      <PageHeader
        title={
          <span className="asset-title">
            <AssetBadge asset={asset} size="lg" />
            <span>{name}</span>{" "}
            <bdi dir="ltr" className="asset-symbol">
              {asset.symbol}
            </bdi>
          </span>
        }
      >
        <div className="asset-quote">
          {last && (
            <bdi dir="ltr" className="money asset-price" data-price>
              {price(last)}
            </bdi>
          )}
          {history && (
            <span className="asset-change" data-range={history.range}>
              <span className="asset-change-label">{changeLabels[history.range]()}</span> <PriceChange value={history.change} />
            </span>
          )}
          <StarButton asset={asset} on={favourites.includes(asset.symbol)} onChange={(on) => setFavourite(asset.symbol, on)} />
        </div>
      </PageHeader>
      <section className="card asset-card" aria-busy={!history}>
        <div className="market-toolbar">
          <div className="segmented range-picker" role="group" aria-label={t`Chart range`}>
            {PRICE_RANGES.map((option) => (
              <button key={option} type="button" aria-pressed={option === range} onClick={() => setRange(option)}>
                <bdi dir="ltr">{option}</bdi>
                <span className="visually-hidden">{rangeNames[option]()}</span>
              </button>
            ))}
          </div>
          <QuoteCurrencySelect value={currency} currencies={currencies} onChange={setCurrency} />
        </div>
        <FeedStatus status={feed.status} ageSeconds={feed.ageSeconds} onRetry={feed.retry} />
        {history?.source === "binance" && currency === "USD" && (
          <p className="source-note">
            <Trans>Prices in USD are those of the USDT market.</Trans>
          </p>
        )}
        <figure className="chart-figure">
          <PriceChart
            points={points}
            direction={history ? changeDirection(history.change) : "flat"}
            formatPrice={(value) => price(value.toFixed(Math.max(decimals, 2)))}
            locale={i18n.locale}
          />
          {history && last && (
            <figcaption className="chart-summary">
              <Trans>
                {name} over {rangeName}: now <bdi dir="ltr">{price(last)}</bdi>, change <PriceChange value={history.change} />, high{" "}
                <bdi dir="ltr">{price(history.high)}</bdi>, low <bdi dir="ltr">{price(history.low)}</bdi>.
              </Trans>
            </figcaption>
          )}
        </figure>
        <ChartAttribution />
        <dl className="range-stats">
          <div>
            <dt>
              <Trans>High</Trans>
            </dt>
            <dd>{history ? <bdi dir="ltr">{price(history.high)}</bdi> : "—"}</dd>
          </div>
          <div>
            <dt>
              <Trans>Low</Trans>
            </dt>
            <dd>{history ? <bdi dir="ltr">{price(history.low)}</bdi> : "—"}</dd>
          </div>
        </dl>
        <TradeActions symbol={asset.symbol} currency={currency} />
      </section>
    </>
  );
}
