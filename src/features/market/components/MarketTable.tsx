import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset, QuoteCurrency, Tickers } from "../../../../contract/index.ts";
import { changeDirection, formatPrice } from "../lib/format.ts";
import { AssetBadge, AssetName } from "./AssetBadge.tsx";
import { PriceChange } from "./PriceChange.tsx";
import { Sparkline } from "./Sparkline.tsx";
import { StarButton } from "./StarButton.tsx";

import type { SortDirection, SortKey } from "../lib/marketView.ts";

export type { SortDirection, SortKey };
export type MarketRow = { asset: Asset; ticker: Tickers["tickers"][number] | null };

/** A column header that sorts; its state is announced through aria-sort. */
function SortHeader({
  column,
  sort,
  onSort,
  children,
  className,
}: {
  column: SortKey;
  sort: { key: SortKey; direction: SortDirection };
  onSort: (key: SortKey) => void;
  children: React.ReactNode;
  className?: string;
}) {
  const active = sort.key === column;
  return (
    <th scope="col" aria-sort={active ? sort.direction : "none"} className={className}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {children}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** Every listed asset with its price, 24-hour change and last 7 days; a star for favourites. */
export function MarketTable({
  rows,
  currency,
  favourites,
  onFavourite,
  sort,
  onSort,
  assetHref,
}: {
  rows: readonly MarketRow[];
  currency: QuoteCurrency;
  favourites: readonly string[];
  onFavourite: (symbol: string, favourite: boolean) => void;
  sort: { key: SortKey; direction: SortDirection };
  onSort: (key: SortKey) => void;
  assetHref: (symbol: string) => string;
}) {
  const { i18n } = useLingui();
  return (
    <table className="market-table">
      <caption className="visually-hidden">
        <Trans>Prices of every listed asset in {currency}</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col" className="col-star">
            <span className="visually-hidden">
              <Trans>Favourite</Trans>
            </span>
          </th>
          <SortHeader column="name" sort={sort} onSort={onSort}>
            <Trans>Name</Trans>
          </SortHeader>
          <SortHeader column="price" sort={sort} onSort={onSort} className="col-number">
            <Trans>Price</Trans>
          </SortHeader>
          <SortHeader column="change" sort={sort} onSort={onSort} className="col-number">
            <Trans>24h change</Trans>
          </SortHeader>
          <th scope="col" className="col-spark">
            <Trans>Last 7 days</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ asset, ticker }) => (
          <tr key={asset.symbol} data-symbol={asset.symbol}>
            <td className="col-star">
              <StarButton asset={asset} on={favourites.includes(asset.symbol)} onChange={(on) => onFavourite(asset.symbol, on)} />
            </td>
            <th scope="row">
              <Link href={assetHref(asset.symbol)} className="asset-link">
                <AssetBadge asset={asset} />
                <AssetName asset={asset} locale={i18n.locale} />
              </Link>
            </th>
            <td className="col-number" data-price>
              {ticker ? (
                <bdi dir="ltr" className="money">
                  {formatPrice(ticker.price, currency, i18n.locale)}
                </bdi>
              ) : (
                "—"
              )}
            </td>
            <td className="col-number">{ticker ? <PriceChange value={ticker.change24h} /> : "—"}</td>
            <td className="col-spark">{ticker && <Sparkline points={ticker.sparkline} direction={changeDirection(ticker.change24h)} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
