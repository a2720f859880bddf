import "../pnl.css";
import { useState } from "react";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { QuoteCurrency, ValueRange } from "../../../../contract/index.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { useCostMethod, usePortfolio, usePortfolioValue } from "../hooks/usePnl.ts";
import type { AssetLookup } from "../lib/balances.ts";
import { Allocation } from "./Allocation.tsx";
import { Gain } from "./Gain.tsx";
import { HoldingsPnl } from "./HoldingsPnl.tsx";
import { MethodChoice, MethodName } from "./MethodChoice.tsx";
import { ValueOverTime } from "./ValueOverTime.tsx";

/** Profit and loss: totals, each holding's figures, the allocation and the value over time, by the method chosen. */
export function PnlSection({ currency, assets }: { currency: QuoteCurrency; assets: AssetLookup }) {
  const [method, setMethod] = useCostMethod();
  const [range, setRange] = useState<ValueRange>("1M");
  const portfolio = usePortfolio(currency, method);
  const value = usePortfolioValue(currency, range);
  const data = portfolio.data;
  return (
    <>
      <section className="card portfolio-pnl" aria-labelledby="portfolio-pnl" aria-busy={!data && !portfolio.failed}>
        <h2 id="portfolio-pnl">
          <Trans>Profit and loss</Trans>
        </h2>
        <MethodChoice value={method} onChange={setMethod} />
        {portfolio.failed && (
          <p role="alert">
            <Trans>Profit and loss could not be loaded.</Trans>{" "}
            <button type="button" className="button button-ghost" onClick={portfolio.retry}>
              <Trans>Load profit and loss again</Trans>
            </button>
          </p>
        )}
        {data && (
          <>
            <dl className="pnl-totals" data-testid="pnl-totals">
              <div>
                <dt>
                  <Trans>Cost basis</Trans>
                </dt>
                <dd>{data.total.costBasis === null ? "—" : <Money amount={{ asset: currency, value: data.total.costBasis }} />}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Unrealised P&L</Trans>
                </dt>
                <dd>
                  <Gain value={data.total.unrealised} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Realised P&L</Trans>
                </dt>
                <dd>
                  <Gain value={data.total.realised} currency={currency} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Method</Trans>
                </dt>
                <dd data-testid="pnl-method">
                  <MethodName method={data.method} />
                </dd>
              </div>
            </dl>
            <Allocation portfolio={data} assets={assets} />
            {data.holdings.length > 0 && <HoldingsPnl portfolio={data} assets={assets} />}
          </>
        )}
        {!data && !portfolio.failed && <div className="card-placeholder" aria-hidden="true" />}
        <p className="button-row">
          <Link className="button" href={paths.report}>
            <Trans>Buy/sell report</Trans>
          </Link>
        </p>
      </section>
      <section className="card portfolio-value" aria-labelledby="portfolio-value">
        <h2 id="portfolio-value">
          <Trans>Value over time</Trans>
        </h2>
        {value.failed ? (
          <p role="alert">
            <Trans>The value over time could not be loaded.</Trans>
          </p>
        ) : (
          <ValueOverTime value={value.data} range={range} currency={currency} onRange={setRange} />
        )}
      </section>
    </>
  );
}
