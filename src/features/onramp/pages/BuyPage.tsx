import { useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { Asset, CurrencyList, QuoteCurrency } from "../../../../contract/index.ts";
import { QUOTE_CURRENCIES } from "../../../../contract/quotes.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { ListFailed, useCurrencyList } from "../../market/index.ts";
import { KycBuyGate } from "../../kyc/index.ts";
import { BuyOrderView } from "../components/BuyOrderView.tsx";
import { useBuyOrder } from "../hooks.ts";
import "../onramp.css";

const ORDER_ID = /^[0-9a-f-]{36}$/i;

/** `?symbol=BTC&curr=USD&order=<id>`: what to buy, in which currency, and an order to watch. */
function readQuery(search: string) {
  const params = new URLSearchParams(search);
  const symbol = params.get("symbol")?.toUpperCase().slice(0, 24) ?? null;
  const curr = params.get("curr")?.toUpperCase() ?? null;
  const order = params.get("order");
  return {
    symbol,
    currency: QUOTE_CURRENCIES.find((code) => code === curr),
    // Anything else is not an order id: the page starts a new buy instead.
    orderId: order && ORDER_ID.test(order) ? order : null,
  };
}

export default function BuyPage() {
  const query = readQuery(useSearch());
  const { list, failed, retry } = useCurrencyList();
  return (
    <>
      <PageHeader title={<Trans>Buy crypto</Trans>} lead={<Trans>Pay by card; the crypto is credited to your Sarraf balance.</Trans>} />
      <KycBuyGate />
      {failed && <ListFailed onRetry={retry} />}
      {!failed && !list && (
        <p className="visually-hidden" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {list && <Buy list={list} symbol={query.symbol} currency={query.currency} orderId={query.orderId} />}
    </>
  );
}

function Buy({ list, symbol, currency, orderId }: { list: CurrencyList; symbol: string | null; currency: QuoteCurrency | undefined; orderId: string | null }) {
  const assets: Asset[] = list.assets.filter((asset) => asset.tradable);
  const known = symbol ? assets.find((asset) => asset.symbol === symbol) : undefined;
  const actor = useBuyOrder({ orderId, asset: known?.symbol ?? assets[0]?.symbol ?? "BTC", currency, offer: Boolean(known) });
  return (
    <>
      {symbol && !known && (
        <p role="alert" className="form-error">
          <Trans>
            <bdi dir="ltr">{symbol}</bdi> cannot be bought by card. Choose another asset.
          </Trans>
        </p>
      )}
      <BuyOrderView actor={actor} assets={assets} currencies={list.currencies} />
    </>
  );
}
