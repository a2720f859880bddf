// The contract's plain values: limits, issue keys, providers, the terms' version. No zod here, so
// code that runs before first paint (the machines, the shell) can read them without the schemas.

/** NIST SP 800-63B: at least 8 (we ask 12), at least 64 accepted, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Login takes any password up to this, so a long old password still reaches the hash check. */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const CODE_LENGTH = 6;

export const fieldErrorKeys = [
  "field.required",
  "field.invalid",
  "field.unknown",
  "field.notText",
  "field.controlCharacters",
  "email.invalid",
  "email.tooLong",
  "password.tooShort",
  "password.tooLong",
  "password.loginTooLong",
  "password.containsEmail",
  "password.common",
  "password.same",
  "password.weak",
  "code.format",
  "name.required",
  "name.tooLong",
  "locale.invalid",
  "profile.empty",
  "terms.required",
  "terms.outdated",
  "currency.unknown",
  "range.unknown",
  "amount.invalid",
  "amount.notPositive",
  "amount.tooManyDecimals",
  "amount.belowMinimum",
  "amount.aboveMaximum",
  "order.notFound",
  "date.invalid",
  "address.invalid",
  "memo.invalid",
  "network.unsupported",
  "amount.belowFee",
  "kyc.underage",
  "country.unknown",
  "document.typeUnknown",
  "document.numberInvalid",
  "photo.required",
  "photo.notFound",
  "subject.tooLong",
  "message.tooShort",
  "message.tooLong",
] as const;
export type FieldErrorKey = (typeof fieldErrorKeys)[number];

export const locales = ["en", "ar"] as const;
export type Locale = (typeof locales)[number];
export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (locales as readonly string[]).includes(value);

/** The providers of the social sign-in (spec section 4): each opens in a popup. */
export const socialProviders = ["google", "apple", "facebook"] as const;
export type SocialProviderName = (typeof socialProviders)[number];

/** The date the current legal documents took effect; a sign-up must accept exactly this version. */
export const TERMS_VERSION = "2026-11-23";

/** Where people write to us; shown in the footer and on the legal pages. */
export const SUPPORT_EMAIL = "support@sarraf.example";
