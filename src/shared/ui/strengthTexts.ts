import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { StrengthAdviceId } from "../../../contract/passwordStrength.ts";

/** The meter's word for each of zxcvbn's scores, 0 to 4. */
export const strengthWords: readonly MessageDescriptor[] = [msg`Too weak`, msg`Weak`, msg`Fair`, msg`Strong`, msg`Very strong`];

// The estimator's advice in the user's language: the same texts as the server's catalogs
// (server/platform/i18n), which it appends when it refuses a weak password.
export const strengthAdvice: Record<StrengthAdviceId, MessageDescriptor> = {
  "strength.warning.straightRow": msg`Straight rows of keys on the keyboard are easy to guess.`,
  "strength.warning.keyPattern": msg`Short keyboard patterns are easy to guess.`,
  "strength.warning.simpleRepeat": msg`Repeated characters like "aaa" are easy to guess.`,
  "strength.warning.extendedRepeat": msg`Repeated patterns like "abcabcabc" are easy to guess.`,
  "strength.warning.sequences": msg`Common sequences like "abc" or "1234" are easy to guess.`,
  "strength.warning.recentYears": msg`Recent years are easy to guess.`,
  "strength.warning.dates": msg`Dates are easy to guess.`,
  "strength.warning.topTen": msg`This is one of the most used passwords.`,
  "strength.warning.topHundred": msg`This is a very frequently used password.`,
  "strength.warning.common": msg`This is a commonly used password.`,
  "strength.warning.similarToCommon": msg`This is similar to a commonly used password.`,
  "strength.warning.wordByItself": msg`A single word is easy to guess.`,
  "strength.warning.namesByThemselves": msg`A single name or surname is easy to guess.`,
  "strength.warning.commonNames": msg`Common names and surnames are easy to guess.`,
  "strength.warning.userInputs": msg`Do not use your name, your e-mail address or the name of this site.`,
  "strength.warning.pwned": msg`This password has appeared in a data breach on the Internet.`,
  "strength.suggestion.l33t": msg`Avoid predictable substitutions like "@" for "a".`,
  "strength.suggestion.reverseWords": msg`Avoid common words spelled backwards.`,
  "strength.suggestion.allUppercase": msg`Capitalize some, but not all, letters.`,
  "strength.suggestion.capitalization": msg`Capitalize more than the first letter.`,
  "strength.suggestion.dates": msg`Avoid dates and years that are associated with you.`,
  "strength.suggestion.recentYears": msg`Avoid recent years.`,
  "strength.suggestion.associatedYears": msg`Avoid years that are associated with you.`,
  "strength.suggestion.sequences": msg`Avoid common sequences of characters.`,
  "strength.suggestion.repeated": msg`Avoid repeated words and characters.`,
  "strength.suggestion.longerKeyboardPattern": msg`Use longer keyboard patterns and change direction several times.`,
  "strength.suggestion.anotherWord": msg`Add more words that are less common.`,
  "strength.suggestion.useWords": msg`Use several words, but avoid common phrases.`,
  "strength.suggestion.noNeed": msg`You can make a strong password without symbols, numbers or capital letters.`,
  "strength.suggestion.pwned": msg`If you use this password anywhere else, change it there too.`,
};
