import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset } from "../../../../contract/index.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Alert } from "../../../shared/ui/form.tsx";
import { AssetBadge } from "../../market/index.ts";
import { buyCommands, type BuyOrderRef } from "../hooks.ts";
import { failureText } from "../../../shared/i18n/errors.ts";
import { statusTexts, statusTitles } from "../lib/texts.ts";
import { OrderFigures, Timeline } from "./OrderDetails.tsx";

/** The panel's status, from the machine's tags (in the order they are checked). */
const PANEL_TAGS = [
  ["resuming", "resuming"],
  ["lost", "lost"],
  ["awaitingPayment", "pending"],
  ["cancelling", "pending"],
  ["processing", "processing"],
  ["completed", "completed"],
  ["failed", "failed"],
  ["cancelled", "cancelled"],
  ["expired", "expired"],
  ["refunded", "refunded"],
  ["chargedBack", "chargedBack"],
] as const;
type PanelStatus = (typeof PANEL_TAGS)[number][1];

/** A card buy under way or finished: its status in words, the timeline, and what to do next. */
export function OrderPanel({ actor, assets }: { actor: BuyOrderRef; assets: Asset[] }) {
  const { i18n } = useLingui();
  const { retry, again, cancel, reopen } = buyCommands(actor);
  const status = useSelector(actor, (state): PanelStatus => PANEL_TAGS.find(([tag]) => state.hasTag(tag))?.[1] ?? "resuming");
  const order = useSelector(actor, (state) => state.context.order);
  const paymentWindow = useSelector(actor, (state) => state.context.paymentWindow);
  const blocked = paymentWindow === "popupBlocked";
  const closed = paymentWindow === "closed";
  const cancelling = useSelector(actor, (state) => state.hasTag("cancelling"));
  const cancelFailure = useSelector(actor, (state) => state.context.cancelFailure);
  const canCancel = useSelector(actor, (state) => state.can({ type: "buy.cancel" }));
  const resuming = useSelector(actor, (state) => state.hasTag("resuming"));
  const trouble = useSelector(actor, (state) => state.hasTag("connectionTrouble"));
  const awaitingPayment = useSelector(actor, (state) => state.hasTag("awaitingPayment"));
  const completed = useSelector(actor, (state) => state.hasTag("completed"));
  const canRetry = useSelector(actor, (state) => state.can({ type: "buy.retry" }));
  const canStartAgain = useSelector(actor, (state) => state.can({ type: "buy.again" }));
  const asset = order ? assets.find((candidate) => candidate.symbol === order.asset) : undefined;
  const paymentUrl = awaitingPayment || cancelling ? order?.paymentUrl : null;

  return (
    <section className={`card buy-card order-panel order-${status}`} aria-labelledby="order-title" aria-busy={resuming}>
      <div className="order-head">
        {asset && <AssetBadge asset={asset} size="lg" />}
        <div>
          <h2 id="order-title" aria-live="polite">
            {i18n._(statusTitles[status])}
          </h2>
          <p className="order-text">
            {cancelling ? (
              <Trans>Cancelling your order…</Trans>
            ) : closed && awaitingPayment ? (
              <Trans>You closed the payment window. The order is still open: reopen the payment page to pay, or cancel the order.</Trans>
            ) : (
              i18n._(statusTexts[status])
            )}
          </p>
        </div>
      </div>
      {trouble && (
        <div className="buy-alert" role="status">
          <p className="order-trouble">
            <span className="feed-dot" aria-hidden="true" />
            <Trans>We are having trouble reaching Sarraf. Still watching your order: it goes on whether or not this page can see it.</Trans>
          </p>
          {canRetry && (
            <button type="button" className="button" onClick={retry}>
              <Trans>Check now</Trans>
            </button>
          )}
        </div>
      )}
      {cancelFailure && <Alert>{failureText(i18n, cancelFailure).text}</Alert>}
      {paymentUrl && (
        <div className="order-pay" aria-busy={cancelling}>
          {blocked && (
            <Alert>
              <Trans>Your browser blocked the payment window. Open the payment page with the link below.</Trans>
            </Alert>
          )}
          {blocked ? (
            <a className="button button-primary" href={paymentUrl} target="_blank" rel="noopener">
              <Trans>Open the payment page</Trans>
            </a>
          ) : (
            <button type="button" className="button button-primary" onClick={reopen} disabled={cancelling}>
              <Trans>Reopen the payment page</Trans>
            </button>
          )}
          <button type="button" className="button" onClick={cancel} disabled={!canCancel}>
            {cancelling && <span className="spinner" aria-hidden="true" />}
            <Trans>Cancel this order</Trans>
          </button>
        </div>
      )}
      {order && <OrderFigures order={order} />}
      {order && <Timeline order={order} />}
      <div className="button-row">
        {completed && (
          <>
            <Link className="button button-primary" href={paths.portfolio}>
              <Trans>See your portfolio</Trans>
            </Link>
            <Link className="button" href={paths.history}>
              <Trans>See your history</Trans>
            </Link>
          </>
        )}
        {canStartAgain && (
          <button type="button" className={awaitingPayment ? "button button-ghost" : "button"} onClick={again}>
            {awaitingPayment ? <Trans>Start a new order instead</Trans> : <Trans>Buy again</Trans>}
          </button>
        )}
      </div>
    </section>
  );
}
