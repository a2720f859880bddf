// The card buy's words: its own wording of some failure reasons and each order status, looked
// up in the language active when shown (the machine keeps codes only).
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OrderStatus, OrderStep, ReasonOf } from "../../../../contract/index.ts";
import type { FieldErrorKey } from "../../../../contract/vocabulary.ts";
import type { Failure } from "../../../../machines/failure.ts";
import { failureText } from "../../../shared/i18n/errors.ts";
import { fieldErrorText } from "../../../shared/ui/fieldErrors.ts";
import type { BuyLimits, BuySide } from "../../../../machines/onramp/buyOrder.types.ts";
import { formatAmount } from "./amounts.ts";

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

/** What the amount's error names: the limits, the side and the asset's decimals (when known). */
export interface AmountAbout {
  limits: BuyLimits | null;
  side: BuySide;
  symbol: string;
  decimals: number | undefined;
}

/** A number in words' midst, isolated left to right (Arabic). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** The amount's problem in words that name the numbers: "at least $10.00", "BTC has 8 decimal places", whole cents. */
export function amountErrorText(i18n: I18n, problem: FieldErrorKey | null, failure: Failure | null, about?: AmountAbout): string | undefined {
  const key = amountErrorKey(problem, failure);
  if (!key) return undefined;
  const limits = about?.limits;
  if (key === "amount.belowMinimum" && limits) {
    const min = ltr(formatAmount(limits.min, i18n.locale));
    return i18n._(msg`A buy must cost at least ${min}.`);
  }
  if (key === "amount.aboveMaximum" && limits) {
    const max = ltr(formatAmount(limits.max, i18n.locale));
    return i18n._(msg`A buy may cost at most ${max}.`);
  }
  if (key === "amount.tooManyDecimals" && about?.side === "fiat") return i18n._(msg`Enter whole cents: at most 2 decimal places.`);
  if (key === "amount.tooManyDecimals" && about?.decimals !== undefined) {
    const symbol = ltr(about.symbol);
    const decimals = about.decimals;
    return i18n._(msg`${symbol} has ${decimals} decimal places: enter no more than that.`);
  }
  return fieldErrorText(i18n, key);
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

/** A step still to come, named by what it waits for (nothing is "received" before the card is charged). */
export const upcomingStepNames: Record<OrderStep, MessageDescriptor> = {
  created: msg`Order created`,
  paid: msg`Waiting for your card payment`,
  processing: msg`Buying your crypto`,
  completed: msg`Crediting your balance`,
  failed: msg`Payment failed`,
  cancelled: msg`Payment cancelled`,
  expired: msg`Payment page expired`,
  refunded: msg`Payment refunded: credit taken back`,
  chargedBack: msg`Payment charged back: credit taken back`,
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
