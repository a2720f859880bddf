import "../portfolio.css";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { OrderStatus, OrderStep } from "../../../../contract/onrampVocabulary.ts";
import { stepNames } from "../../onramp/index.ts";

/** An order's status in words (the filter's choices use them too). */
export const statusMessages: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Awaiting payment`,
  processing: msg`Processing`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
  refunded: msg`Refunded`,
  chargedBack: msg`Charged back`,
};

/** A step of an order's timeline, as it happened: the Buy page's words. */
export const stepMessages: Record<OrderStep, MessageDescriptor> = stepNames;

/** An order's status in its own words and colour (the colour is never the only sign). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`order-status order-status-${status}`} data-status={status}>
      {i18n._(statusMessages[status])}
    </span>
  );
}
