import { Trans, useLingui } from "@lingui/react/macro";
import type { BuyOrder, OrderStatus, OrderStep } from "../../../../contract/index.ts";
import { isFinalOrderStatus } from "../../../../contract/onrampVocabulary.ts";
import { stepNames, upcomingStepNames } from "../lib/texts.ts";
import { AmountFigure, Figure, PriceFigure } from "./Figure.tsx";

/** The steps an order goes through when all goes well. */
const HAPPY_PATH: readonly OrderStep[] = ["created", "paid", "processing", "completed"];

/** Which outcome credits the buyer; the others credit nothing, so no amount is shown as received. */
const CREDITS: Record<OrderStatus, "estimate" | "credited" | "nothing"> = {
  pending: "estimate",
  processing: "estimate",
  completed: "credited",
  failed: "nothing",
  cancelled: "nothing",
  expired: "nothing",
  // Credited, then taken back: the amounts are no longer the buyer's.
  refunded: "nothing",
  chargedBack: "nothing",
};

/** What the order charges and credits (credited, once it is final), its fee, price and id. */
export function OrderFigures({ order }: { order: BuyOrder }) {
  const credits = CREDITS[order.status];
  return (
    <dl className="order-figures">
      <AmountFigure label={<Trans>You pay</Trans>} amount={order.pay} />
      {credits !== "nothing" && (
        <>
          <AmountFigure label={credits === "credited" ? <Trans>Credited</Trans> : <Trans>You receive</Trans>} amount={order.receive} />
          <AmountFigure label={<Trans>Fee</Trans>} amount={order.fee} />
        </>
      )}
      <PriceFigure label={<Trans>Price</Trans>} symbol={order.asset} price={order.price} currency={order.currency} />
      <Figure label={<Trans>Order</Trans>} className="order-id">
        <bdi dir="ltr">
          <code>{order.id}</code>
        </bdi>
      </Figure>
    </dl>
  );
}

export /** The steps reached, each with its time; while the order is under way, the steps still to come. */
function Timeline({ order }: { order: BuyOrder }) {
  const { i18n, t } = useLingui();
  // Latin digits, as for prices; the date in full for those who hover.
  const latin = `${i18n.locale}-u-nu-latn`;
  const time = new Intl.DateTimeFormat(latin, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const full = new Intl.DateTimeFormat(latin, { dateStyle: "medium", timeStyle: "medium" });
  const reached = new Set(order.timeline.map((entry) => entry.step));
  const upcoming = isFinalOrderStatus(order.status) ? [] : HAPPY_PATH.filter((step) => !reached.has(step));
  return (
    <ol className="order-timeline" aria-label={t`Order timeline`}>
      {order.timeline.map((entry) => (
        <li key={entry.step} className="order-step order-step-done">
          <span className="order-step-mark" aria-hidden="true" />
          <span className="order-step-name">{i18n._(stepNames[entry.step])}</span>
          <time dateTime={entry.at} title={full.format(new Date(entry.at))}>
            <bdi dir="ltr">{time.format(new Date(entry.at))}</bdi>
          </time>
        </li>
      ))}
      {upcoming.map((step, index) => (
        <li key={step} className={`order-step ${index === 0 ? "order-step-next" : "order-step-later"}`}>
          <span className="order-step-mark" aria-hidden="true" />
          <span className="order-step-name">{i18n._(upcomingStepNames[step])}</span>
          {/* Waiting for the buyer is not progress: only Sarraf's own steps are "in progress". */}
          <span className="order-step-when">{index === 0 && step !== "paid" ? <Trans>In progress</Trans> : index === 0 ? null : <Trans>To come</Trans>}</span>
        </li>
      ))}
    </ol>
  );
}
