import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { Amount, CurrencyList } from "../../../../contract/index.ts";
import { QUOTE_CURRENCIES, QUOTE_DECIMALS } from "../../../../contract/quotes.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { ListFailed, UnknownAsset, useCurrencyList } from "../../market/index.ts";
import { useBalances } from "../../portfolio/index.ts";
import { PairPrice } from "../components/PairPrice.tsx";
import { TicketOrReceipt } from "../components/TicketOrReceipt.tsx";
import { useAvailable, useTradeQuote, type TradeQuoteRef } from "../hooks.ts";
import { defaultTarget, legsOf, readTicketQuery, ticketHref, type TicketQuery } from "../lib/ticketQuery.ts";
import "../exchange.css";

export default function ExchangePage() {
  const query = readTicketQuery(useSearch());
  const { list, failed, retry } = useCurrencyList();
  const known = (symbol: string) => list?.assets.some((asset) => asset.symbol === symbol && asset.tradable);
  return (
    <>
      <PageHeader
        title={<Trans>Exchange</Trans>}
        lead={<Trans>Buy with your cash balance, sell for cash, or convert one coin to another at a quoted price.</Trans>}
      >
        {query.bad && (
          <p role="alert" className="form-error">
            <Trans>That currency pair is not valid. Showing BTC / USD instead.</Trans>
          </p>
        )}
      </PageHeader>
      {failed && <ListFailed onRetry={retry} />}
      {list && (!known(query.symbol) || (query.kind === "convert" && !known(query.to))) && (
        <UnknownAsset symbol={query.kind === "convert" && known(query.symbol) ? query.to : query.symbol} currency={query.currency} />
      )}
      {list && known(query.symbol) && (query.kind !== "convert" || known(query.to)) && <Exchange list={list} query={query} />}
    </>
  );
}

function Exchange({ list, query }: { list: CurrencyList; query: TicketQuery }) {
  const [, navigate] = useLocation();
  const decimals = useCallback(
    (asset: string) =>
      (QUOTE_CURRENCIES as readonly string[]).includes(asset) ? QUOTE_DECIMALS : (list.assets.find((a) => a.symbol === asset)?.decimals ?? 8),
    [list],
  );
  const legs = legsOf(query);
  const addressed = useMemo(
    () => ({ kind: query.kind, ...legs, decimals: { from: decimals(legs.from), to: decimals(legs.to) } }),
    [query.kind, legs.from, legs.to, decimals], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const actor = useTradeQuote(addressed);
  const available = useAvailableOf(actor, query, legs.from);
  // Each change is a step in the address (Back undoes it); the ticket follows the address.
  const change = (changes: Partial<TicketQuery>) => {
    const next = { ...query, ...changes };
    if (next.kind === "convert" && next.to === next.symbol) next.to = defaultTarget(next.symbol);
    navigate(ticketHref(next));
  };
  return (
    <div className="exchange-layout">
      <TicketOrReceipt actor={actor} list={list} query={query} available={available} decimals={decimals} onQuery={change} />
      <PairPrice list={list} symbol={query.symbol} currency={query.currency} />
    </div>
  );
}

/** What may be spent of `asset`, from the balances the dashboard shows (valued in the ticket's currency). */
function useAvailableOf(actor: TradeQuoteRef, query: TicketQuery, asset: string): Amount | null {
  const { balances } = useBalances(query.currency);
  // Coins and cash alike: the balances list cash in each quote currency after the coins.
  const value = balances ? (balances.balances.find((balance) => balance.asset === asset)?.available ?? "0") : null;
  useAvailable(actor, value);
  return value === null ? null : { asset, value };
}
