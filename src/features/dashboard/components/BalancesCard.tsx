import { useMemo } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset, QuoteCurrency } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { paths } from "../../../shared/lib/paths.ts";
import { AssetBadge, AssetName } from "../../market/index.ts";
import { AssetAmount, assetInfo, BalancesFailed, NoCrypto, sortBalances, useBalances } from "../../portfolio/index.ts";

/** Assets the card lists; the portfolio page has them all. */
const TOP_ASSETS = 3;

/** The dashboard's view of the portfolio: its total value and the largest holdings, each available and on hold. */
export function BalancesCard({ currency, assets }: { currency: QuoteCurrency; assets: ReadonlyMap<string, Asset> }) {
  const { i18n } = useLingui();
  const { balances, failed, retry } = useBalances(currency);
  const top = useMemo(() => (balances ? sortBalances(balances.balances, assets).slice(0, TOP_ASSETS) : []), [balances, assets]);

  return (
    <section className="card balances-card" aria-labelledby="dash-balances" aria-busy={!balances && !failed}>
      <h2 id="dash-balances">
        <Trans>Your balances</Trans>
      </h2>
      {failed && <BalancesFailed onRetry={retry} />}
      {!balances && !failed && <div className="card-placeholder" aria-hidden="true" />}
      {balances && balances.balances.length === 0 && <NoCrypto currency={currency} />}
      {balances && balances.balances.length > 0 && (
        <>
          <p className="balances-card-total">
            <span className="balances-card-label">
              <Trans>Total value</Trans>
            </span>{" "}
            <strong data-testid="dashboard-total">{balances.total === null ? "—" : <Money amount={{ asset: currency, value: balances.total }} />}</strong>
          </p>
          <ul className="balances-card-list">
            {top.map((balance) => {
              const asset = assetInfo(assets, balance.asset);
              return (
                <li key={balance.asset} data-symbol={balance.asset} className="balances-card-row">
                  <AssetBadge asset={asset} />
                  <AssetName asset={asset} locale={i18n.locale} />
                  <span className="balances-card-value">{balance.value === null ? "—" : <Money amount={{ asset: currency, value: balance.value }} />}</span>
                  <span className="balances-card-amounts">
                    <span>
                      <Trans>Available</Trans> <AssetAmount value={balance.available} asset={asset} />
                    </span>
                    <span>
                      <Trans>On hold</Trans> <AssetAmount value={balance.held} asset={asset} />
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="button-row">
            <Link className="button" href={paths.portfolio}>
              <Trans>See your portfolio</Trans>
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
