import { useMemo } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DashboardMarket } from "../../../../contract/index.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { paths } from "../../../shared/lib/paths.ts";
import { FeedStatus, formatVolume, QuoteCurrencySelect, useCurrencyList, useFeed, usePriceFeed, useQuoteCurrency } from "../../market/index.ts";
import { BalancesCard } from "../components/BalancesCard.tsx";
import { TickerList } from "../components/TickerList.tsx";

export default function DashboardPage() {
  const { i18n } = useLingui();
  const [currency, setCurrency] = useQuoteCurrency();
  const { list } = useCurrencyList();
  const feed = useFeed<DashboardMarket>(usePriceFeed("dashboard", { currency }));
  const assets = useMemo(() => new Map((list?.assets ?? []).map((asset) => [asset.symbol, asset])), [list]);
  const market = feed.data?.currency === currency ? feed.data : null;

  return (
    <>
      <PageHeader title={<Trans>Dashboard</Trans>} />
      <div className="market-toolbar">
        <FeedStatus status={feed.status} ageSeconds={feed.ageSeconds} onRetry={feed.retry} />
        <QuoteCurrencySelect value={currency} currencies={list?.currencies ?? null} onChange={setCurrency} />
      </div>
      <div className="dashboard-grid" aria-busy={!market}>
        {/* The user's own money first: on a phone, where the cards stack, it is what they see first. */}
        <BalancesCard currency={currency} assets={assets} />
        <section className="card" aria-labelledby="dash-favourites">
          <h2 id="dash-favourites">
            <Trans>Your favourites</Trans>
          </h2>
          {market && market.favourites.length > 0 && <TickerList tickers={market.favourites} assets={assets} currency={currency} />}
          {market && market.favourites.length === 0 && (
            <p>
              <Trans>
                No favourites yet. Star the assets you follow on the <Link href={paths.market}>Market</Link> page.
              </Trans>
            </p>
          )}
          {!market && <Placeholder />}
        </section>
        <section className="card" aria-labelledby="dash-gainers">
          <h2 id="dash-gainers">
            <Trans>Top gainers (24h)</Trans>
          </h2>
          {market ? <TickerList tickers={market.gainers} assets={assets} currency={currency} /> : <Placeholder />}
        </section>
        <section className="card" aria-labelledby="dash-losers">
          <h2 id="dash-losers">
            <Trans>Top losers (24h)</Trans>
          </h2>
          {market ? <TickerList tickers={market.losers} assets={assets} currency={currency} /> : <Placeholder />}
        </section>
        <section className="card" aria-labelledby="dash-summary">
          <h2 id="dash-summary">
            <Trans>Market summary</Trans>
          </h2>
          {market ? (
            <dl className="summary-list">
              <div>
                <dt>
                  <Trans>Assets listed</Trans>
                </dt>
                <dd>
                  <bdi dir="ltr">{market.summary.assets}</bdi>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Up in 24h</Trans>
                </dt>
                <dd className="price-change-up">
                  <bdi dir="ltr">{market.summary.advancing}</bdi>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Down in 24h</Trans>
                </dt>
                <dd className="price-change-down">
                  <bdi dir="ltr">{market.summary.declining}</bdi>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>24h volume</Trans>
                </dt>
                <dd>
                  <bdi dir="ltr">{formatVolume(market.summary.volume24h, currency, i18n.locale)}</bdi>
                </dd>
              </div>
            </dl>
          ) : (
            <Placeholder />
          )}
        </section>
      </div>
    </>
  );
}

/** Room held for a card's content while it loads, so nothing shifts when it arrives. */
function Placeholder() {
  return <div className="card-placeholder" aria-hidden="true" />;
}
