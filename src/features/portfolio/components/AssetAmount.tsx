import { Money } from "../../../shared/ui/Money.tsx";
import { amountDecimals, type AssetInfo } from "../lib/balances.ts";

/** An amount of a crypto asset with the asset's digits ("0.00100000 BTC"), kept left-to-right in Arabic. */
export function AssetAmount({ value, asset }: { value: string; asset: AssetInfo }) {
  return <Money amount={{ asset: asset.symbol, value }} decimals={amountDecimals(asset)} />;
}
