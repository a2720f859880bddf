import { useId, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Tickers } from "../../../../contract/index.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { marketAssetHref, paths } from "../../../shared/lib/paths.ts";
import { FeedStatus } from "../components/FeedStatus.tsx";
import { MarketTable, type MarketRow } from "../components/MarketTable.tsx";
import { QuoteCurrencySelect } from "../components/QuoteCurrencySelect.tsx";
import { useCurrencyList, useFavourites, useFeed, usePriceFeed, useQuoteCurrency } from "../hooks.ts";
import { compare } from "../../../../contract/decimal.ts";
import { normalizeSearch } from "../lib/format.ts";
import { firstDirection, marketViewFromSearch, searchOfMarketView, type MarketView, type SortKey } from "../lib/marketView.ts";
import { ListFailed } from "../components/ListFailed.tsx";

export default function MarketPage() {
  const { t, i18n } = useLingui();
  const searchId = useId();
  const [currency, setCurrency] = useQuoteCurrency();
  const { list, failed, retry } = useCurrencyList();
  const feed = useFeed<Tickers>(usePriceFeed("tickers", { currency }));
  const { favourites, set: setFavourite } = useFavourites(list?.favourites ?? null);
  const [search, setSearch] = useState("");
  const address = useSearch();
  const [, navigate] = useLocation();
  const { sort, favouritesOnly: onlyFavourites } = useMemo(() => marketViewFromSearch(address), [address]);
  // The address is where the sort and the favourites filter live, as the history's filters do.
  const show = (next: MarketView) => {
    const query = searchOfMarketView(next, address);
    navigate(query ? `${paths.market}?${query}` : paths.market, { replace: true });
  };

  const rows = useMemo(() => {
    if (!list) return [];
    const tickers = new Map((feed.data?.currency === currency ? feed.data.tickers : []).map((ticker) => [ticker.symbol, ticker]));
    const wanted = normalizeSearch(search);
    const found: MarketRow[] = list.assets
      .filter((asset) => !onlyFavourites || favourites.includes(asset.symbol))
      .filter((asset) => !wanted || [asset.symbol, asset.name.en, asset.name.ar].some((name) => normalizeSearch(name).includes(wanted)))
      .map((asset) => ({ asset, ticker: tickers.get(asset.symbol) ?? null }));
    const name = (row: MarketRow) => (i18n.locale.startsWith("ar") ? row.asset.name.ar : row.asset.name.en);
    const by: Record<SortKey, (a: MarketRow, b: MarketRow) => number> = {
      rank: (a, b) => a.asset.rank - b.asset.rank,
      name: (a, b) => name(a).localeCompare(name(b), i18n.locale),
      price: (a, b) => compare(a.ticker?.price ?? "0", b.ticker?.price ?? "0"),
      change: (a, b) => compare(a.ticker?.change24h ?? "0", b.ticker?.change24h ?? "0"),
    };
    const sign = sort.direction === "ascending" ? 1 : -1;
    return found.sort((a, b) => sign * by[sort.key](a, b) || a.asset.rank - b.asset.rank);
  }, [list, feed.data, currency, search, onlyFavourites, favourites, sort, i18n.locale]);

  const onSort = (key: SortKey) =>
    show({
      favouritesOnly: onlyFavourites,
      sort: sort.key === key ? { key, direction: sort.direction === "ascending" ? "descending" : "ascending" } : { key, direction: firstDirection(key) },
    });

  return (
    <>
      <PageHeader title={<Trans>Market</Trans>} lead={<Trans>Live prices of every asset we list. Star the ones you follow.</Trans>} />
      {failed ? (
        <ListFailed onRetry={retry} />
      ) : (
        <section className="card market-card" aria-busy={!list || !feed.data}>
          <div className="market-toolbar">
            <div className="inline-field market-search">
              <label htmlFor={searchId}>
                <Trans>Search</Trans>
              </label>
              <input
                id={searchId}
                type="search"
                value={search}
                placeholder={t`Name or symbol`}
                onChange={(event) => setSearch(event.target.value)}
                autoComplete="off"
              />
            </div>
            <button
              type="button"
              className="button button-ghost filter-button"
              aria-pressed={onlyFavourites}
              onClick={() => show({ sort, favouritesOnly: !onlyFavourites })}
            >
              <Trans>Favourites only</Trans>
            </button>
            <QuoteCurrencySelect value={currency} currencies={list?.currencies ?? null} onChange={setCurrency} />
          </div>
          <FeedStatus status={feed.status} ageSeconds={feed.ageSeconds} onRetry={feed.retry} />
          {list && rows.length > 0 && (
            <MarketTable
              rows={rows}
              currency={currency}
              favourites={favourites}
              onFavourite={setFavourite}
              sort={sort}
              onSort={onSort}
              assetHref={marketAssetHref}
            />
          )}
          {list && rows.length === 0 && (
            <p className="empty-state" role="status">
              {onlyFavourites && !search ? (
                <Trans>No favourites yet. Press the star beside an asset to follow it.</Trans>
              ) : (
                <Trans>No asset matches your search.</Trans>
              )}
            </p>
          )}
        </section>
      )}
    </>
  );
}
