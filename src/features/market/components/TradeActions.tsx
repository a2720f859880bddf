import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { QuoteCurrency } from "../../../../contract/index.ts";
import { tradeKindAvailable } from "../../../../contract/tradeKinds.ts";
import { buyHref, exchangeHref } from "../../../shared/lib/paths.ts";
import { useTradeKinds } from "../../../shared/lib/tradeKinds.ts";

/** The ways to trade an asset: only the kinds of trade that exist (contract/tradeKinds.ts). */
export function TradeActions({ symbol, currency }: { symbol: string; currency: QuoteCurrency }) {
  const kinds = useTradeKinds();
  return (
    <div className="trade-actions">
      <Link className="button button-primary" href={buyHref(symbol, currency)}>
        <Trans>Buy {symbol}</Trans>
      </Link>
      {tradeKindAvailable("sell", kinds) && (
        <Link className="button" href={`${exchangeHref(currency, symbol)}&side=sell`}>
          <Trans>Sell {symbol}</Trans>
        </Link>
      )}
      {tradeKindAvailable("convert", kinds) && (
        <Link className="button button-ghost" href={`${exchangeHref(currency, symbol)}&side=convert`}>
          <Trans>Exchange {symbol}</Trans>
        </Link>
      )}
    </div>
  );
}
