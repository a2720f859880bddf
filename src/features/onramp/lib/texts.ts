// The card buy's words: its own wording of some failure reasons and each order status, looked
// up in the language active when shown (the machine keeps codes only).
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OrderStatus, OrderStep, ReasonOf } from "../../../../contract/index.ts";
import type { FieldErrorKey } from "../../../../contract/vocabulary.ts";
import type { Failure } from "../../../../machines/failure.ts";
import { failureText } from "../../../shared/i18n/errors.ts";
import { fieldErrorText } from "../../../shared/ui/fieldErrors.ts";

/** Where the buy says more than the shared words; only a reason a buy route documents may be a key. */
const buyReasonTexts: { [R in ReasonOf<"swipeluxQuote" | "swipeluxSendOrder" | "swipeluxStatus">]?: MessageDescriptor } = {
  unknownSymbol: msg`This asset cannot be bought by card.`,
  pricesUnavailable: msg`Prices are not available right now, so we cannot quote this buy. Please try again in a moment.`,
  pricesStale: msg`Prices are out of date right now, so we cannot quote or start this buy. We will quote it again as soon as prices are back.`,
};

/**
 * The amount field's problem: the form's own, else the field key of a validation failure (the
 * server's amount.belowMinimum, amount.aboveMaximum and amount.tooManyDecimals among them).
 */
export function amountErrorKey(problem: FieldErrorKey | null, failure: Failure | null): FieldErrorKey | null {
  return problem ?? failure?.fieldKeys.amount ?? null;
}

export function amountErrorText(i18n: I18n, problem: FieldErrorKey | null, failure: Failure | null): string | undefined {
  const key = amountErrorKey(problem, failure);
  return key ? fieldErrorText(i18n, key) : undefined;
}

/** A failed call that the amount field does not explain, in words; null when the field does. */
export function buyFailureText(i18n: I18n, failure: Failure | null): string | null {
  if (!failure || amountErrorKey(null, failure)) return null;
  const own = failure.reason ? buyReasonTexts[failure.reason as keyof typeof buyReasonTexts] : undefined;
  return own ? i18n._(own) : failureText(i18n, failure).text;
}

/** Each status: a title, and what it means for the buyer's card and balance. */
export const statusTitles: Record<OrderStatus | "lost" | "resuming", MessageDescriptor> = {
  resuming: msg`Looking up your order…`,
  pending: msg`Waiting for your payment`,
  processing: msg`Payment received: buying your crypto`,
  completed: msg`Your crypto is in your balance`,
  failed: msg`The payment failed`,
  cancelled: msg`The payment was cancelled`,
  expired: msg`The payment page expired`,
  refunded: msg`The card payment was refunded`,
  chargedBack: msg`The card payment was charged back`,
  lost: msg`Order not found`,
};

export const statusTexts: Record<OrderStatus | "lost" | "resuming", MessageDescriptor> = {
  resuming: msg`We are asking for the latest status of your card buy.`,
  pending: msg`Finish paying in the payment window. This page follows your order and updates by itself; you may close the payment window when it says it is done.`,
  processing: msg`Your card was charged. We are buying the crypto and crediting it to your balance; this usually takes under a minute.`,
  completed: msg`The card payment went through and the crypto was credited to your balance.`,
  failed: msg`The card was declined. Nothing was charged and nothing was credited.`,
  cancelled: msg`The payment was cancelled before the card was charged. Nothing was charged and nothing was credited.`,
  expired: msg`The payment page was not completed in time. Nothing was charged and nothing was credited.`,
  refunded: msg`The card payment was returned to your card, so the crypto it bought was taken back from your balance. If you had already spent some of it, the e-mail we sent you says what you owe.`,
  chargedBack: msg`Your bank took the card payment back, so the crypto it bought was taken back from your balance. If you had already spent some of it, the e-mail we sent you says what you owe.`,
  lost: msg`We could not find this order. It may belong to another account, or the link may be wrong.`,
};

export const stepNames: Record<OrderStep, MessageDescriptor> = {
  created: msg`Order created`,
  paid: msg`Card payment received`,
  processing: msg`Buying your crypto`,
  completed: msg`Credited to your balance`,
  failed: msg`Payment failed`,
  cancelled: msg`Payment cancelled`,
  expired: msg`Payment page expired`,
  refunded: msg`Payment refunded: credit taken back`,
  chargedBack: msg`Payment charged back: credit taken back`,
};
