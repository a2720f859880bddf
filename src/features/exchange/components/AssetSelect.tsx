import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Asset } from "../../../../contract/index.ts";
import { AssetBadge } from "../../market/index.ts";

/** A coin to choose, by symbol and name in the page's language. */
export function AssetSelect({ label, assets, value, onChange }: { label: string; assets: Asset[]; value: string; onChange: (symbol: string) => void }) {
  const { i18n } = useLingui();
  const id = useId();
  const ar = i18n.locale.startsWith("ar");
  const asset = assets.find((candidate) => candidate.symbol === value);
  return (
    <div className="inline-field">
      <label htmlFor={id}>{label}</label>
      <span className="trade-select">
        {asset && <AssetBadge asset={asset} />}
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {!asset && <option value={value}>{value}</option>}
          {assets.map((option) => (
            <option key={option.symbol} value={option.symbol}>
              {option.symbol} · {ar ? option.name.ar : option.name.en}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
