// The words for a failed call, looked up in the language active when it is shown: a failure is
// kept as codes (the machines hold no text), so switching language re-translates it.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { AnyReason } from "../../../contract/index.ts";
import type { Failure } from "../../../machines/failure.ts";
import type { ApiErrorCode } from "../api/errors.ts";

/**
 * Every `data.reason` the route table documents, worded as the server's own error.* messages
 * (server/platform/i18n): a reason no route sends is not a key it may have.
 */
const reasonTexts: Record<AnyReason, MessageDescriptor> = {
  validation: msg`Some fields are not valid.`,
  invalidCredentials: msg`The e-mail address or password is not correct.`,
  emailNotVerified: msg`Confirm your e-mail address first: we can send you a new code.`,
  codeInvalid: msg`This code is not correct.`,
  codeExpired: msg`This code has expired or has already been used. Ask for a new one.`,
  rateLimited: msg`Too many requests. Please wait and try again.`,
  passwordAlreadySet: msg`Your account already has a password. Change it instead.`,
  currentPasswordWrong: msg`Your current password is not correct.`,
  codeRequired: msg`Too many wrong passwords were tried for this account. To keep it safe, sign in with a code sent to your e-mail.`,
  socialCodeInvalid: msg`This sign-in has expired or was already used. Please try again.`,
  unknownSymbol: msg`We do not list this asset.`,
  pricesUnavailable: msg`Prices are not available yet. Please try again in a moment.`,
  pricesStale: msg`Prices are out of date right now, so nothing can be bought at them. Please try again in a moment.`,
  onrampUnavailable: msg`The card payment service did not answer. Nothing was charged; please try again.`,
  orderNotFound: msg`We could not find this order. It may belong to another account.`,
  orderNotCancellable: msg`This order was already paid or has ended, so it cannot be cancelled.`,
  idempotencyConflict: msg`This order was already started with other details. Press Pay again to start a new one.`,
  quoteNotFound: msg`We could not find this quote. It may belong to another account. Ask for a new quote.`,
  quoteExpired: msg`This quote has expired, so nothing was traded. Ask for a new quote.`,
  insufficientBalance: msg`Your available balance is not enough for this trade, so nothing was traded.`,
  houseCannotFill: msg`We cannot fill a trade of this size in this asset right now. Try a smaller amount or another asset.`,
  priceMoved: msg`The price moved too much since this quote was made, so nothing was traded. Ask for a new quote.`,
  debtOutstanding: msg`You owe us some of this asset after a card payment was reversed. Until it is repaid, you cannot sell or convert it.`,
  kycInReview: msg`Your identity documents are being reviewed. Please wait for the outcome before sending them again.`,
  kycAlreadyApproved: msg`Your identity is already verified.`,
  kycRejectedFinal: msg`Your identity verification was refused and cannot be tried again. Please contact support.`,
  kycUnavailable: msg`The identity verification service did not answer. Nothing was sent; please try again.`,
  kycRequired: msg`Verify your identity first: withdrawals and larger card buys need a verified identity.`,
  fileEmpty: msg`This file is empty. Choose a photo.`,
  fileTooLarge: msg`This file is too large. Choose a smaller photo.`,
  fileNotImage: msg`This file is not a photo we can use. Choose a JPEG, PNG or WebP image.`,
  imageTooLarge: msg`This image has too many pixels. Choose a smaller photo.`,
  imageUnreadable: msg`This image is damaged or incomplete. Choose another photo.`,
  fileNotFound: msg`We could not find this picture. Upload it again.`,
  uploadsLimited: msg`You have uploaded many photos in the last hour. Please wait a while before uploading another.`,
  addressNotFound: msg`We could not find this address in your address book.`,
  addressNotUsable: msg`This address cannot be used yet: confirm it from the e-mail we sent, then wait for its cooling-off to end.`,
  withdrawalNotFound: msg`We could not find a withdrawal of yours waiting for a code with this id. Start again.`,
  withdrawalsLocked: msg`Your password was changed recently, so withdrawals are paused for a while to protect your account.`,
  withdrawalsFrozen: msg`Withdrawals from this account are frozen. Contact support to lift the freeze.`,
  withdrawLimit: msg`This withdrawal is above your limit for one withdrawal or for the last 24 hours.`,
  formTooFast: msg`That was quicker than a person can fill in the form. Please wait a moment and send it again.`,
  formExpired: msg`This form has been open too long. Reload the page and send your message again.`,
  linkInvalid: msg`This link is not valid. Open the whole link from the e-mail.`,
  linkExpired: msg`This link is no longer valid. Subscribe again to get a new one.`,
  postNotFound: msg`We could not find this post. It may have moved or been taken down.`,
  partnerNotFound: msg`We could not find this partner.`,
};

/** The API client's codes, for a failure without a reason: the server's words for each status, and ours for the rest. */
const codeTexts: Record<ApiErrorCode, MessageDescriptor> = {
  badRequest: msg`The request is not valid.`,
  unauthorized: msg`Please log in to continue.`,
  forbidden: msg`You are not allowed to do this.`,
  serverError: msg`Something went wrong on our side. Please try again.`,
  notImplemented: msg`This feature is not available yet.`,
  badGateway: msg`A service we depend on answered badly. Please try again.`,
  unavailable: msg`The service is unavailable. Please try again shortly.`,
  notFound: msg`This address does not exist.`,
  conflict: msg`This conflicts with existing data.`,
  tooLarge: msg`The request body is too large.`,
  invalid: msg`Some fields are not valid.`,
  rateLimited: msg`Too many requests. Please wait and try again.`,
  network: msg`We could not reach Sarraf. Check your connection and try again.`,
  unexpected: msg`Something went wrong. Please try again.`,
};

export interface FailureText {
  text: string;
  /** The server's (or a screen's) own words, kept for a reason we have none for: their language may not be the page's. */
  verbatim: boolean;
}

/**
 * What a failed call says, in the active language: its reason's words, else its code's. Only a
 * reason we do not know (a newer server's) falls back to the words the failure came with.
 */
export function failureText(i18n: I18n, { code, reason, unknownReason, message }: Pick<Failure, "code" | "reason" | "unknownReason" | "message">): FailureText {
  const known = reason ? reasonTexts[reason] : unknownReason === undefined && Object.hasOwn(codeTexts, code) ? codeTexts[code as ApiErrorCode] : undefined;
  if (known) return { text: i18n._(known), verbatim: false };
  if (message) return { text: message, verbatim: true };
  return { text: i18n._(codeTexts.unexpected), verbatim: false };
}

/** A wait in plain words: seconds under two minutes, whole minutes (rounded up) beyond, "now" at the end. */
export function retryText(i18n: I18n, seconds: number): string {
  if (seconds <= 0) return i18n._(msg`You can try again now.`);
  if (seconds < 120) {
    return i18n._(msg({ message: plural(seconds, { one: `You can try again in ${seconds} second.`, other: `You can try again in ${seconds} seconds.` }) }));
  }
  const minutes = Math.ceil(seconds / 60);
  return i18n._(msg({ message: plural(minutes, { one: `You can try again in ${minutes} minute.`, other: `You can try again in ${minutes} minutes.` }) }));
}
