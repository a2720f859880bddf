import "../portfolio.css";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AssetBalance, QuoteCurrency } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { AssetBadge, AssetName } from "../../market/index.ts";
import { assetInfo, type AssetLookup } from "../lib/balances.ts";
import { AssetAmount } from "./AssetAmount.tsx";

/**
 * Each asset held: what may be spent now, what orders under way hold, and the value of both in the
 * chosen currency. On phones each row becomes a small card whose figures carry their labels.
 */
export function BalancesTable({ balances, assets, currency }: { balances: readonly AssetBalance[]; assets: AssetLookup; currency: QuoteCurrency }) {
  const { t, i18n } = useLingui();
  return (
    <table className="balances-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Asset</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Available</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>On hold</Trans>
          </th>
          <th scope="col" className="col-number">
            <Trans>Value</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {balances.map((balance) => {
          const asset = assetInfo(assets, balance.asset);
          return (
            <tr key={balance.asset} data-symbol={balance.asset}>
              <th scope="row" className="balance-asset">
                <span className="balance-asset-inner">
                  <AssetBadge asset={asset} />
                  <AssetName asset={asset} locale={i18n.locale} />
                </span>
              </th>
              <td className="col-number" data-label={t`Available`}>
                <AssetAmount value={balance.available} asset={asset} />
              </td>
              <td className="col-number" data-label={t`On hold`}>
                <AssetAmount value={balance.held} asset={asset} />
              </td>
              <td className="col-number balance-value" data-label={t`Value`}>
                {balance.value === null ? <span title={t`No price yet`}>—</span> : <Money amount={{ asset: currency, value: balance.value }} />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
