import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Alert } from "../../../shared/ui/form.tsx";
import { failureText } from "../../../shared/i18n/errors.ts";
import { buyCommands, type BuyOrderRef } from "../hooks.ts";
import { formatAmount } from "../lib/amounts.ts";

/**
 * An unpaid order this browser remembered, offered beside the form of the asset the page asked
 * for (issue 24 item 13): continue paying it, or cancel it. Nothing is imposed.
 */
export function OrderOffer({ actor }: { actor: BuyOrderRef }) {
  const { i18n } = useLingui();
  const { resume, cancel } = buyCommands(actor);
  const offer = useSelector(actor, (state) => state.context.offer);
  const cancelling = useSelector(actor, (state) => state.hasTag("cancelling"));
  const failure = useSelector(actor, (state) => (state.context.offer ? state.context.cancelFailure : null));
  if (!offer) return null;
  const pay = formatAmount(offer.pay, i18n.locale);
  const symbol = offer.asset;
  return (
    <section className="card buy-card order-offer" aria-labelledby="order-offer-title" aria-busy={cancelling}>
      <h2 id="order-offer-title" className="order-offer-title">
        <Trans>You have an unpaid order</Trans>
      </h2>
      <p>
        <Trans>
          <bdi dir="ltr">{symbol}</bdi> for <bdi dir="ltr">{pay}</bdi>, waiting for your card payment. Continue paying it, or cancel it and buy something else.
        </Trans>
      </p>
      {failure && <Alert>{failureText(i18n, failure).text}</Alert>}
      <div className="button-row">
        <button type="button" className="button" onClick={resume} disabled={cancelling}>
          <Trans>Continue paying</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={cancel} disabled={cancelling}>
          {cancelling && <span className="spinner" aria-hidden="true" />}
          {cancelling ? <Trans>Cancelling…</Trans> : <Trans>Cancel that order</Trans>}
        </button>
      </div>
    </section>
  );
}
