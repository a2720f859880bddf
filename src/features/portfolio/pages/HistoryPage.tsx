import { assetLookupOf } from "../lib/balances.ts";
import { useMemo } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Alert } from "../../../shared/ui/form.tsx";
import { failureText } from "../../../shared/i18n/errors.ts";
import { buyHref, paths } from "../../../shared/lib/paths.ts";
import { useCurrencyList, useQuoteCurrency } from "../../market/index.ts";
import { HistoryFilterBar } from "../components/HistoryFilterBar.tsx";
import { HistoryList } from "../components/HistoryList.tsx";
import { useHistory } from "../hooks/useHistory.ts";
import { filtersFromSearch, searchOfFilters, type FilterKey } from "../lib/filters.ts";

export default function HistoryPage() {
  const { i18n } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [currency] = useQuoteCurrency();
  const { list } = useCurrencyList();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const history = useHistory(filters);
  const assets = useMemo(() => assetLookupOf(list), [list]);

  // The address is where the filters live: a reload, Back or a shared link shows the same list.
  const show = (next: typeof filters) => {
    const query = searchOfFilters(next);
    navigate(query ? `${paths.history}?${query}` : paths.history, { replace: true });
  };
  const change = (key: FilterKey, value: string) => show({ ...filters, [key]: value || undefined });
  const clear = () => show({});

  const loading = history.has("loading");
  const failed = history.has("failed");
  const refused = history.has("refused");
  const loadingMore = history.has("loadingMore");

  return (
    <>
      <PageHeader title={<Trans>Transaction history</Trans>} lead={<Trans>Every order you placed, newest first. Open one to see each of its steps.</Trans>}>
        <p className="history-back">
          <Link href={paths.portfolio}>
            <Trans>Back to your portfolio</Trans>
          </Link>
        </p>
      </PageHeader>
      <section className="card history-card" aria-busy={loading || loadingMore}>
        <HistoryFilterBar filters={filters} assets={list?.assets ?? []} fieldKeys={history.failure?.fieldKeys ?? {}} onChange={change} onClear={clear} />
        {refused && history.failure && <Alert>{failureText(i18n, history.failure).text}</Alert>}
        {failed && history.failure && (
          <div className="history-failed" role="alert">
            <p>
              <Trans>Your transactions could not be loaded.</Trans> {failureText(i18n, history.failure).text}
            </p>
            <button type="button" className="button button-primary" onClick={history.retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
        {loading && <div className="card-placeholder" aria-hidden="true" />}
        {history.has("empty") && (
          <div className="portfolio-empty" role="status">
            <p className="portfolio-empty-title">
              <Trans>No transactions yet</Trans>
            </p>
            <p>
              <Trans>Your first buy takes a minute: choose an asset and an amount, pay by card, and the order shows here with each of its steps.</Trans>
            </p>
            <Link className="button button-primary" href={buyHref("BTC", currency)}>
              <Trans>Make your first buy</Trans>
            </Link>
          </div>
        )}
        {history.has("noMatch") && (
          <div className="portfolio-empty" role="status">
            <p className="portfolio-empty-title">
              <Trans>No transactions match these filters</Trans>
            </p>
            <button type="button" className="button" onClick={clear}>
              <Trans>Clear filters</Trans>
            </button>
          </div>
        )}
        {history.has("listed") && (
          <>
            <HistoryList entries={history.items} assets={assets} />
            {history.has("moreFailed") && history.failure && (
              <Alert>
                <Trans>The next orders could not be loaded.</Trans> {failureText(i18n, history.failure).text}
              </Alert>
            )}
            {(history.has("hasMore") || loadingMore) && (
              <p className="history-more">
                <button type="button" className="button" onClick={history.loadMore} disabled={loadingMore} aria-busy={loadingMore}>
                  {loadingMore && <span className="spinner" aria-hidden="true" />}
                  {history.has("moreFailed") ? <Trans>Try again</Trans> : <Trans>Load more</Trans>}
                </button>
              </p>
            )}
            {!history.has("hasMore") && !loadingMore && (
              <p className="history-end">
                <Trans>That is every order.</Trans>
              </p>
            )}
          </>
        )}
      </section>
    </>
  );
}
