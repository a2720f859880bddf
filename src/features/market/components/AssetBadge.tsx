import "../market.css";
import type { Asset } from "../../../../contract/index.ts";
import { inkOn } from "../lib/contrast.ts";

/**
 * An asset's coloured badge with its symbol's first letters, in white or black, whichever reads at
 * 4.5:1 or more on the brand's colour; decorative (its name is beside it).
 */
export function AssetBadge({ asset, size = "md" }: { asset: Pick<Asset, "symbol" | "color">; size?: "md" | "lg" }) {
  return (
    <span className={`asset-badge asset-badge-${size}`} style={{ backgroundColor: asset.color, color: inkOn(asset.color) }} aria-hidden="true">
      {asset.symbol.slice(0, 3)}
    </span>
  );
}

/** An asset's name in the active language, with its symbol kept left-to-right. */
export function AssetName({ asset, locale }: { asset: Pick<Asset, "symbol" | "name">; locale: string }) {
  return (
    <span className="asset-name">
      <span className="asset-name-full">{locale.startsWith("ar") ? asset.name.ar : asset.name.en}</span>{" "}
      <bdi dir="ltr" className="asset-symbol">
        {asset.symbol}
      </bdi>
    </span>
  );
}
