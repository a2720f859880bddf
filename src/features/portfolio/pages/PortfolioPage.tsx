import { useMemo } from "react";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Money } from "../../../shared/ui/Money.tsx";
import { paths } from "../../../shared/lib/paths.ts";
import { FeedStatus, QuoteCurrencySelect, useCurrencyList, useQuoteCurrency } from "../../market/index.ts";
import { BalancesFailed, NoCrypto } from "../components/BalanceStates.tsx";
import { BalancesTable } from "../components/BalancesTable.tsx";
import { PnlSection } from "../components/PnlSection.tsx";
import { useBalances } from "../hooks/useBalances.ts";
import { assetLookupOf, sortBalances } from "../lib/balances.ts";

export default function PortfolioPage() {
  const [currency, setCurrency] = useQuoteCurrency();
  const { list } = useCurrencyList();
  const { balances, status, failed, ageSeconds, retry } = useBalances(currency);
  const assets = useMemo(() => assetLookupOf(list), [list]);
  const rows = useMemo(() => (balances ? sortBalances(balances.balances, assets) : []), [balances, assets]);

  return (
    <>
      <PageHeader title={<Trans>Portfolio</Trans>} lead={<Trans>What you hold, what is on hold for orders under way, and what it is worth.</Trans>} />
      <div className="market-toolbar">
        {!failed && <FeedStatus status={status} ageSeconds={ageSeconds} onRetry={retry} />}
        <QuoteCurrencySelect value={currency} currencies={list?.currencies ?? null} onChange={setCurrency} />
      </div>
      <div className="portfolio-grid" aria-busy={!balances && !failed}>
        <section className="card portfolio-total" aria-labelledby="portfolio-total">
          <h2 id="portfolio-total">
            <Trans>Total value</Trans>
          </h2>
          {balances ? (
            <p className="portfolio-total-value" data-testid="portfolio-total">
              {balances.total === null ? "—" : <Money amount={{ asset: currency, value: balances.total }} />}
            </p>
          ) : (
            !failed && <div className="card-placeholder portfolio-total-placeholder" aria-hidden="true" />
          )}
          {balances?.total === null && balances.balances.length > 0 && (
            <p>
              <Trans>Values will show again as soon as prices are available.</Trans>
            </p>
          )}
          <p className="button-row">
            <Link className="button" href={paths.history}>
              <Trans>Transaction history</Trans>
            </Link>
          </p>
        </section>
        <section className="card portfolio-assets" aria-labelledby="portfolio-assets">
          <h2 id="portfolio-assets">
            <Trans>Your assets</Trans>
          </h2>
          {failed && <BalancesFailed onRetry={retry} />}
          {balances && rows.length > 0 && <BalancesTable balances={rows} assets={assets} currency={currency} />}
          {balances && rows.length === 0 && <NoCrypto currency={currency} />}
          {!balances && !failed && <div className="card-placeholder" aria-hidden="true" />}
        </section>
        <PnlSection currency={currency} assets={assets} />
      </div>
    </>
  );
}
