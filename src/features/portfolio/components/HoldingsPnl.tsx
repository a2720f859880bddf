import { Trans, useLingui } from "@lingui/react/macro";
import type { Portfolio } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { AssetBadge, AssetName } from "../../market/index.ts";
import { assetInfo, type AssetLookup } from "../lib/balances.ts";
import { AssetAmount } from "./AssetAmount.tsx";
import { Gain } from "./Gain.tsx";
import { MethodName } from "./MethodChoice.tsx";

/** Each coin and cash balance with its price, value, share, cost basis and profit and loss. */
export function HoldingsPnl({ portfolio, assets }: { portfolio: Portfolio; assets: AssetLookup }) {
  const { t, i18n } = useLingui();
  const { currency } = portfolio;
  const money = (value: string | null) =>
    value === null ? <span title={t`Not known: a price or a cost is missing`}>—</span> : <Money amount={{ asset: currency, value }} />;
  return (
    <table className="balances-table pnl-table">
      <caption>
        <Trans>
          Profit and loss, cost basis <MethodName method={portfolio.method} />, fees included
        </Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Asset</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Amount</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Price</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Value</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Share</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Cost basis</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Unrealised P&L</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Realised P&L</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {portfolio.holdings.map((h) => {
          const asset = assetInfo(assets, h.asset);
          return (
            <tr key={h.asset} data-symbol={h.asset}>
              <th scope="row" className="balance-asset">
                <span className="balance-asset-inner">
                  {h.kind === "coin" ? <AssetBadge asset={asset} /> : null}
                  {h.kind === "coin" ? <AssetName asset={asset} locale={i18n.locale} /> : <span>{t`Cash (${h.asset})`}</span>}
                </span>
              </th>
              <td className="col-number" data-label={t`Amount`}>
                {h.kind === "coin" ? <AssetAmount value={h.amount} asset={asset} /> : <Money amount={{ asset: h.asset, value: h.amount }} />}
              </td>
              <td className="col-number" data-label={t`Price`}>
                {h.kind === "coin" ? money(h.price) : "—"}
              </td>
              <td className="col-number" data-label={t`Value`}>
                {money(h.value)}
              </td>
              <td className="col-number" data-label={t`Share`}>
                {h.share === null ? "—" : <bdi dir="ltr">{h.share}%</bdi>}
              </td>
              <td className="col-number" data-label={t`Cost basis`}>
                {money(h.costBasis)}
              </td>
              <td className="col-number" data-label={t`Unrealised P&L`}>
                <Gain value={h.unrealised} currency={currency} />
              </td>
              <td className="col-number" data-label={t`Realised P&L`}>
                <Gain value={h.realised} currency={currency} />
                {h.unknownBasisSales > 0 && <p className="pnl-flag">{t`${h.unknownBasisSales} sale(s) with no known cost basis are not counted`}</p>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
