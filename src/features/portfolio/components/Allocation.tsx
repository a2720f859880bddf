import { Trans, useLingui } from "@lingui/react/macro";
import type { Portfolio } from "../../../../contract/index.ts";
import { assetInfo, type AssetLookup } from "../lib/balances.ts";

/** Each holding's share of the total as one bar of coloured parts, and the same as a list (the text alternative). */
export function Allocation({ portfolio, assets }: { portfolio: Portfolio; assets: AssetLookup }) {
  const { t } = useLingui();
  const parts = portfolio.holdings.filter((h) => h.share !== null && Number(h.share) > 0);
  if (parts.length === 0) return null;
  const colour = (symbol: string, kind: string) => (kind === "cash" ? "var(--muted, #64748b)" : assetInfo(assets, symbol).color);
  return (
    <figure className="allocation">
      <div className="allocation-bar" aria-hidden="true" dir="ltr">
        {parts.map((h) => (
          <span key={h.asset} style={{ width: `${h.share}%`, background: colour(h.asset, h.kind) }} />
        ))}
      </div>
      <figcaption>
        <span className="visually-hidden">
          <Trans>Allocation</Trans>
        </span>
        <ul className="allocation-legend">
          {parts.map((h) => (
            <li key={h.asset}>
              <span className="allocation-swatch" style={{ background: colour(h.asset, h.kind) }} aria-hidden="true" />
              {h.kind === "cash" ? t`Cash (${h.asset})` : h.asset} <bdi dir="ltr">{h.share}%</bdi>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
