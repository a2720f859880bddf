import { Trans, useLingui } from "@lingui/react/macro";
import type { Report } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { assetInfo, type AssetLookup } from "../lib/balances.ts";
import { AssetAmount } from "./AssetAmount.tsx";
import { Gain } from "./Gain.tsx";
import { MethodName } from "./MethodChoice.tsx";

/** The report's figures per asset and their totals, in the report's currency. */
export function ReportTable({ report, assets }: { report: Report; assets: AssetLookup }) {
  const { t } = useLingui();
  const c = report.currency;
  const money = (value: string | null) => (value === null ? "—" : <Money amount={{ asset: c, value }} />);
  const columns = [
    t`Bought`,
    t`Cost of buys`,
    t`Average buy price`,
    t`Sold`,
    t`Sale proceeds`,
    t`Average sell price`,
    t`Converted in`,
    t`Converted out`,
    t`Fees`,
    t`Realised P&L`,
  ];
  return (
    <table className="balances-table report-table">
      <caption>
        <Trans>
          By asset in {c}, cost basis <MethodName method={report.method} />
        </Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Asset</Trans>
          </th>
          {columns.map((label) => (
            <th key={label} scope="col" className="col-number">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {report.assets.map((a) => {
          const asset = assetInfo(assets, a.asset);
          const cells = [
            <AssetAmount key="b" value={a.bought} asset={asset} />,
            money(a.boughtValue),
            money(a.averageBuyPrice),
            <AssetAmount key="s" value={a.sold} asset={asset} />,
            money(a.soldValue),
            money(a.averageSellPrice),
            <AssetAmount key="ci" value={a.convertedIn} asset={asset} />,
            <AssetAmount key="co" value={a.convertedOut} asset={asset} />,
            money(a.fees),
            <Gain key="r" value={a.realised} currency={c} />,
          ];
          return (
            <tr key={a.asset} data-symbol={a.asset}>
              <th scope="row">{a.asset}</th>
              {cells.map((cell, i) => (
                <td key={columns[i]} className="col-number" data-label={columns[i]}>
                  {cell}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr data-testid="report-totals">
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          <td />
          <td className="col-number" data-label={columns[1]}>
            {money(report.totals.boughtValue)}
          </td>
          <td colSpan={2} />
          <td className="col-number" data-label={columns[4]}>
            {money(report.totals.soldValue)}
          </td>
          <td colSpan={3} />
          <td className="col-number" data-label={columns[8]}>
            {money(report.totals.fees)}
          </td>
          <td className="col-number" data-label={columns[9]}>
            <Gain value={report.totals.realised} currency={c} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
