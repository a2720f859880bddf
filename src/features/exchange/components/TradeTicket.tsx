import { useId, type FormEvent } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Amount, CurrencyList, QuoteCurrency, TradeKind, TradeSide } from "../../../../contract/index.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { buyHref } from "../../../shared/lib/paths.ts";
import { Field } from "../../../shared/ui/form.tsx";
import { QuoteCurrencySelect } from "../../market/index.ts";
import { tradeCommands, type TradeQuoteRef } from "../hooks.ts";
import { amountErrorText, exactAmount } from "../lib/texts.ts";
import type { TicketQuery } from "../lib/ticketQuery.ts";
import { AssetSelect } from "./AssetSelect.tsx";
import { QuoteActions } from "./QuoteActions.tsx";
import { QuotePanel } from "./QuotePanel.tsx";

export interface TicketProps {
  actor: TradeQuoteRef;
  list: CurrencyList;
  query: TicketQuery;
  /** What may be spent of the asset given, once the balances are known. */
  available: Amount | null;
  decimals: (asset: string) => number;
  onQuery: (changes: Partial<TicketQuery>) => void;
}

/** The trading ticket: the kind, the pair, an amount on either side, the quote and its confirmation. */
export function TradeTicket({ actor, list, query, available, decimals, onQuery }: TicketProps) {
  const { i18n, t } = useLingui();
  const id = useId();
  const { edit, blur } = tradeCommands(actor);
  const form = useSelector(actor, (state) => state.context.form);
  const quote = useSelector(actor, (state) => state.context.worse ?? state.context.quote);
  const formProblem = useSelector(actor, (state) => state.context.formProblem);
  const failure = useSelector(actor, (state) => state.context.failure);
  const limits = useSelector(actor, (state) => state.context.limits);
  const accepting = useSelector(actor, (state) => state.hasTag("accepting"));
  const typed = form.side === "from" ? form.from : form.to;
  const error = amountErrorText(i18n, formProblem, failure, {
    symbol: typed,
    decimals: decimals(typed),
    // The figure the machine judged by (the balances as last sent to it).
    available: form.available === null ? available : { asset: form.from, value: form.available },
    limits,
    limitDecimals: decimals(form.from),
  });
  const kinds: { kind: TradeKind; label: string }[] = [
    { kind: "buy", label: t`Buy` },
    { kind: "sell", label: t`Sell` },
    { kind: "convert", label: t`Convert` },
  ];
  const coins = list.assets.filter((asset) => asset.tradable);

  // The other side's field shows the quote's figure for it, exactly; typing there moves the amount to that side.
  const valueOf = (side: TradeSide) => {
    if (side === form.side) return form.amount;
    const figure = quote && quote.pay.asset === form.from && quote.receive.asset === form.to ? (side === "from" ? quote.pay : quote.receive) : null;
    return figure ? exactAmount(figure, decimals(figure.asset)).replace(/[^\d.,]/g, "") : "";
  };
  const amountField = (side: TradeSide) => (
    <Field
      name={`amount-${side}`}
      className="trade-amount"
      label={
        side === "from" ? (
          <Trans>
            You pay (<bdi dir="ltr">{form.from}</bdi>)
          </Trans>
        ) : (
          <Trans>
            You receive (<bdi dir="ltr">{form.to}</bdi>)
          </Trans>
        )
      }
      value={valueOf(side)}
      onChange={(event) => edit({ side, amount: event.target.value })}
      onBlur={blur}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      placeholder="0"
      error={side === form.side ? error : undefined}
      hint={side === "from" && available ? <Balance available={available} decimals={decimals(available.asset)} /> : undefined}
      addon={
        side === "from" && available ? (
          <button type="button" className="field-toggle" onClick={() => edit({ side: "from", amount: available.value })}>
            {/* Named "Max 0.5 BTC": the visible word first, as WCAG 2.5.3 asks of a control's name. */}
            <Trans>Max</Trans> <span className="visually-hidden">{exactAmount(available, decimals(available.asset))}</span>
          </button>
        ) : undefined
      }
    />
  );

  return (
    <form className="card trade-card" onSubmit={(event: FormEvent) => event.preventDefault()} aria-busy={accepting} noValidate>
      <div className="segmented trade-kinds" role="group" aria-label={t`Kind of trade`}>
        {kinds.map(({ kind, label }) => (
          <button key={kind} type="button" aria-pressed={query.kind === kind} disabled={accepting} onClick={() => onQuery({ kind })}>
            {label}
          </button>
        ))}
      </div>
      <fieldset className="trade-fields" disabled={accepting}>
        <legend className="visually-hidden">
          <Trans>What to trade</Trans>
        </legend>
        <div className="trade-row">
          <AssetSelect label={query.kind === "convert" ? t`From` : t`Coin`} assets={coins} value={query.symbol} onChange={(symbol) => onQuery({ symbol })} />
          {query.kind === "convert" ? (
            <AssetSelect label={t`To`} assets={coins.filter((asset) => asset.symbol !== query.symbol)} value={query.to} onChange={(to) => onQuery({ to })} />
          ) : (
            <QuoteCurrencySelect value={query.currency} currencies={list.currencies} onChange={(currency: QuoteCurrency) => onQuery({ currency })} />
          )}
        </div>
        {amountField("from")}
        {amountField("to")}
      </fieldset>
      <QuotePanel actor={actor} decimals={decimals} />
      <QuoteActions actor={actor} noteId={`${id}-note`} />
      {query.kind === "buy" && (
        <p className="trade-card-link">
          <Link href={buyHref(query.symbol, query.currency)}>
            <Trans>
              Pay by card instead: buy <bdi dir="ltr">{query.symbol}</bdi> with a card
            </Trans>
          </Link>
        </p>
      )}
    </form>
  );
}

function Balance({ available, decimals }: { available: Amount; decimals: number }) {
  return (
    <Trans>
      Available: <bdi dir="ltr">{exactAmount(available, decimals)}</bdi>
    </Trans>
  );
}
