import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import type { Asset, QuoteCurrency, Ticker } from "../../../../contract/index.ts";
import { marketAssetHref } from "../../../shared/lib/paths.ts";
import { AssetBadge, AssetName, formatPrice, PriceChange } from "../../market/index.ts";

/** A few assets with their price and 24-hour change, each opening its market page. */
export function TickerList({ tickers, assets, currency }: { tickers: readonly Ticker[]; assets: ReadonlyMap<string, Asset>; currency: QuoteCurrency }) {
  const { i18n } = useLingui();
  return (
    <ul className="ticker-list">
      {tickers.map((ticker) => {
        const asset = assets.get(ticker.symbol) ?? { symbol: ticker.symbol, color: "#64748b", name: { en: ticker.symbol, ar: ticker.symbol } };
        return (
          <li key={ticker.symbol} data-symbol={ticker.symbol}>
            <Link href={marketAssetHref(ticker.symbol)} className="ticker-row">
              <AssetBadge asset={asset} />
              <AssetName asset={asset} locale={i18n.locale} />
              <bdi dir="ltr" className="money ticker-price">
                {formatPrice(ticker.price, currency, i18n.locale)}
              </bdi>
              <PriceChange value={ticker.change24h} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
