import { useId, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset, QuoteCurrencyInfo } from "../../../../contract/index.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Alert, Field } from "../../../shared/ui/form.tsx";
import { AssetBadge, QuoteCurrencySelect } from "../../market/index.ts";
import { buyCommands, type BuyOrderRef } from "../hooks.ts";
import { formatAmount } from "../lib/amounts.ts";
import { amountErrorText, buyFailureText } from "../lib/texts.ts";
import { QuoteSummary } from "./QuoteSummary.tsx";

/** The buy form: what to buy, in which currency, how much; the quote; and "Pay by card". */
export function BuyForm({ actor, assets, currencies }: { actor: BuyOrderRef; assets: Asset[]; currencies: readonly QuoteCurrencyInfo[] }) {
  const { i18n } = useLingui();
  const assetId = useId();
  const { edit, pay, retry, blur } = buyCommands(actor);
  const form = useSelector(actor, (state) => state.context.form);
  const quote = useSelector(actor, (state) => state.context.quote);
  const formProblem = useSelector(actor, (state) => state.context.formProblem);
  const quoteFailure = useSelector(actor, (state) => state.context.quoteFailure);
  const orderFailure = useSelector(actor, (state) => state.context.orderFailure);
  const quoting = useSelector(actor, (state) => state.hasTag("quoting"));
  const creating = useSelector(actor, (state) => state.hasTag("creating"));
  const canPay = useSelector(actor, (state) => state.can({ type: "buy.pay", idempotencyKey: "" }));
  const canRetry = useSelector(actor, (state) => state.can({ type: "buy.retry" }));
  const asset = assets.find((candidate) => candidate.symbol === form.asset);
  const symbol = form.asset;
  const currency = form.currency;
  const failure = orderFailure ?? quoteFailure;
  const kept = useSelector(actor, (state) => state.context.limits);
  const amountError = amountErrorText(i18n, formProblem, failure, { limits: kept, side: form.side, symbol: form.asset, decimals: asset?.decimals });
  const alert = buyFailureText(i18n, failure);
  // The limits stay in sight while the amount is invalid, in either side (they are the currency's).
  const limits = kept && kept.min.asset === form.currency ? kept : null;
  const ar = i18n.locale.startsWith("ar");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canPay) pay();
  };

  return (
    <form className="card buy-card" onSubmit={submit} aria-busy={creating} noValidate>
      <fieldset className="buy-fields" disabled={creating}>
        <legend className="visually-hidden">
          <Trans>What to buy</Trans>
        </legend>
        <div className="buy-row">
          <div className="inline-field buy-asset">
            <label htmlFor={assetId}>
              <Trans>Asset</Trans>
            </label>
            <span className="buy-select">
              {asset && <AssetBadge asset={asset} />}
              <select id={assetId} value={form.asset} onChange={(event) => edit({ asset: event.target.value })}>
                {assets.map((option) => (
                  <option key={option.symbol} value={option.symbol}>
                    {option.symbol} · {ar ? option.name.ar : option.name.en}
                  </option>
                ))}
              </select>
            </span>
          </div>
          <QuoteCurrencySelect value={currency} currencies={currencies} onChange={(next) => edit({ currency: next })} />
        </div>
        <div className="buy-side">
          <span id={`${assetId}-side`} className="buy-side-label">
            <Trans>Enter the amount in</Trans>
          </span>
          <div className="segmented" role="group" aria-labelledby={`${assetId}-side`}>
            <button type="button" aria-pressed={form.side === "fiat"} onClick={() => edit({ side: "fiat" })}>
              <bdi dir="ltr">{currency}</bdi>
            </button>
            <button type="button" aria-pressed={form.side === "crypto"} onClick={() => edit({ side: "crypto" })}>
              <bdi dir="ltr">{symbol}</bdi>
            </button>
          </div>
        </div>
        <Field
          name="amount"
          className="buy-amount"
          label={form.side === "fiat" ? <Trans>You pay ({currency})</Trans> : <Trans>You receive ({symbol})</Trans>}
          value={form.amount}
          onChange={(event) => edit({ amount: event.target.value })}
          onBlur={blur}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          placeholder={form.side === "fiat" ? "100" : "0.001"}
          error={amountError}
          hint={
            limits ? (
              <Trans>
                Between <bdi dir="ltr">{formatAmount(limits.min, i18n.locale)}</bdi> and <bdi dir="ltr">{formatAmount(limits.max, i18n.locale)}</bdi> per order.
              </Trans>
            ) : undefined
          }
        />
      </fieldset>
      <QuoteSummary quote={quote} busy={quoting} />
      {alert && (
        <div className="buy-alert">
          <Alert>{alert}</Alert>
          {canRetry && (
            <button type="button" className="button" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          )}
        </div>
      )}
      <button
        type="submit"
        className="button button-primary button-block buy-pay"
        disabled={!canPay}
        aria-busy={creating}
        aria-describedby={`${assetId}-pay-note`}
      >
        {creating && <span className="spinner" aria-hidden="true" />}
        {creating ? <Trans>Starting your order…</Trans> : <Trans>Pay by card</Trans>}
      </button>
      <p id={`${assetId}-pay-note`} className="buy-note" aria-live="polite">
        {quoting && !quote ? (
          <Trans>Getting a quote…</Trans>
        ) : form.amount.trim() === "" ? (
          <Trans>Enter an amount to see what you get.</Trans>
        ) : (
          <Trans>The payment page opens in a new window. Nothing is charged until you confirm the payment there.</Trans>
        )}
      </p>
    </form>
  );
}
