import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_SUBJECT_MAX_LENGTH } from "../../../contract/contactVocabulary.ts";
import { LOGIN_PASSWORD_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type FieldErrorKey } from "../../../contract/vocabulary.ts";

const min = PASSWORD_MIN_LENGTH;
const max = PASSWORD_MAX_LENGTH;
const loginMax = LOGIN_PASSWORD_MAX_LENGTH;
const nameMax = NAME_MAX_LENGTH;
const subjectMax = CONTACT_SUBJECT_MAX_LENGTH;
const messageMin = CONTACT_MESSAGE_MIN_LENGTH;
const messageMax = CONTACT_MESSAGE_MAX_LENGTH;

// The contract's issue keys, in the user's language (the server has its own copy of these texts).
const texts: Record<FieldErrorKey, ReturnType<typeof msg>> = {
  "field.required": msg`This field is required.`,
  "field.invalid": msg`This value is not valid.`,
  "field.unknown": msg`This field is not expected.`,
  "field.notText": msg`Enter text here.`,
  "field.controlCharacters": msg`Remove the invisible control characters (such as tabs or line breaks) from this field.`,
  "email.invalid": msg`Enter an e-mail address such as name@example.com.`,
  "email.tooLong": msg`This e-mail address is too long.`,
  "password.tooShort": msg`Use at least ${min} characters.`,
  "password.tooLong": msg`Use at most ${max} characters.`,
  // Login takes longer passwords than a new one may have (an old password still reaches the check).
  "password.loginTooLong": msg`Use at most ${loginMax} characters.`,
  "password.containsEmail": msg`Your password must not contain your e-mail address.`,
  "password.common": msg`This password is too common. Choose one that is harder to guess.`,
  "password.same": msg`The new password must differ from the current one.`,
  "password.weak": msg`This password is too easy to guess.`,
  "code.format": msg`Enter the 6 digits from the e-mail.`,
  "name.required": msg`Enter your name.`,
  "name.tooLong": msg`Use at most ${nameMax} characters.`,
  "locale.invalid": msg`Choose English or Arabic.`,
  "profile.empty": msg`Change something before saving.`,
  "terms.required": msg`Tick the box to accept the terms and create your account.`,
  "terms.outdated": msg`Our terms have changed since this page was opened. Reload the page, read the new terms and accept them.`,
  "currency.unknown": msg`Choose one of the offered currencies: USD, EUR, AED or SAR.`,
  "range.unknown": msg`Choose a chart range: 1D, 1W, 1M or 1Y.`,
  "amount.invalid": msg`Enter an amount as a number, like 100 or 0.5.`,
  "amount.notPositive": msg`Enter an amount above zero.`,
  "amount.tooManyDecimals": msg`This amount has more decimal places than the asset allows.`,
  "amount.belowMinimum": msg`This amount is below the minimum for one order.`,
  "amount.aboveMaximum": msg`This amount is above the maximum for one order.`,
  "order.notFound": msg`No order of yours has this id.`,
  "date.invalid": msg`Enter a date as YYYY-MM-DD.`,
  "address.invalid": msg`This is not a valid address for the network chosen.`,
  "memo.invalid": msg`A destination tag is a whole number from 0 to 4294967295, and only XRP takes one.`,
  "network.unsupported": msg`This asset cannot be withdrawn on this network.`,
  "amount.belowFee": msg`The amount must be larger than the network fee.`,
  "kyc.underage": msg`You must be at least 18 years old to verify your identity.`,
  "country.unknown": msg`Choose a country from the list.`,
  "document.typeUnknown": msg`Choose a passport, a national ID card or a driving licence.`,
  "document.numberInvalid": msg`Enter the document number as printed: 3 to 30 letters and digits.`,
  "photo.required": msg`Add this photo.`,
  "photo.notFound": msg`This photo was not found among your uploads. Upload it again.`,
  "subject.tooLong": msg`Keep the subject to ${subjectMax} characters at most.`,
  "message.tooShort": msg`Write at least ${messageMin} characters, so we understand what you need.`,
  "message.tooLong": msg`Keep the message to ${messageMax} characters at most.`,
};

export function fieldErrorText(i18n: I18n, key: FieldErrorKey): string {
  return i18n._(texts[key]);
}
