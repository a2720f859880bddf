// How a new password's strength is judged, shared by the server (which refuses a weak one) and the
// SPA (whose meter shows the same verdict while the user types). Only zxcvbn-ts's types are
// imported here: each side loads its code and dictionaries in its own way (the server on first
// use, the SPA with the form) and hands them to passwordStrengthJudge.
import type * as ZxcvbnCore from "@zxcvbn-ts/core";
import type * as ZxcvbnCommon from "@zxcvbn-ts/language-common";
import type * as ZxcvbnEnglish from "@zxcvbn-ts/language-en";
import { normalizePassword } from "./fields.ts";

/** zxcvbn's scores run 0–4; below this a new password is refused. */
export const MIN_PASSWORD_SCORE = 3;
/**
 * zxcvbn judges at most this many code points (of the NFKC form), so one check stays within
 * tens of milliseconds whatever is sent: its cost grows much faster than the length. A password
 * whose first 64 characters are strong is strong; one whose first 64 are weak is refused.
 */
export const STRENGTH_MAX_LENGTH = 64;
/**
 * Variants of a password the l33t matcher tries (zxcvbn's default is 100). The l33t matcher is
 * most of a check's cost; at 3, each of 20 l33t spellings of common passwords we tried
 * ("P@55w0rd!2024", "m0nk3ym0nk3y", "$ecur1ty1234", …) scores as at 100, in a fraction of the time.
 */
const L33T_MAX_SUBSTITUTIONS = 3;
/** The site's own name counts as personal data in a password, like the user's name. */
const SITE_WORDS = ["sarraf"];

// zxcvbn answers translation *keys*: its feedback comes back as these ids, which each side
// translates in its own catalog (server/platform/i18n, the SPA's Lingui messages).
export const strengthWarnings = {
  straightRow: "strength.warning.straightRow",
  keyPattern: "strength.warning.keyPattern",
  simpleRepeat: "strength.warning.simpleRepeat",
  extendedRepeat: "strength.warning.extendedRepeat",
  sequences: "strength.warning.sequences",
  recentYears: "strength.warning.recentYears",
  dates: "strength.warning.dates",
  topTen: "strength.warning.topTen",
  topHundred: "strength.warning.topHundred",
  common: "strength.warning.common",
  similarToCommon: "strength.warning.similarToCommon",
  wordByItself: "strength.warning.wordByItself",
  namesByThemselves: "strength.warning.namesByThemselves",
  commonNames: "strength.warning.commonNames",
  userInputs: "strength.warning.userInputs",
  pwned: "strength.warning.pwned",
} as const satisfies Record<keyof ZxcvbnCore.TranslationKeys["warnings"], `strength.warning.${string}`>;

export const strengthSuggestions = {
  l33t: "strength.suggestion.l33t",
  reverseWords: "strength.suggestion.reverseWords",
  allUppercase: "strength.suggestion.allUppercase",
  capitalization: "strength.suggestion.capitalization",
  dates: "strength.suggestion.dates",
  recentYears: "strength.suggestion.recentYears",
  associatedYears: "strength.suggestion.associatedYears",
  sequences: "strength.suggestion.sequences",
  repeated: "strength.suggestion.repeated",
  longerKeyboardPattern: "strength.suggestion.longerKeyboardPattern",
  anotherWord: "strength.suggestion.anotherWord",
  useWords: "strength.suggestion.useWords",
  noNeed: "strength.suggestion.noNeed",
  pwned: "strength.suggestion.pwned",
} as const satisfies Record<keyof ZxcvbnCore.TranslationKeys["suggestions"], `strength.suggestion.${string}`>;

export type StrengthWarningId = (typeof strengthWarnings)[keyof typeof strengthWarnings];
export type StrengthSuggestionId = (typeof strengthSuggestions)[keyof typeof strengthSuggestions];
export type StrengthAdviceId = StrengthWarningId | StrengthSuggestionId;

/** zxcvbn's feedback as one of these ids, or undefined when it is not one. */
const oneOf =
  <Id extends string>(ids: Record<string, Id>) =>
  (key: string | null | undefined): Id | undefined =>
    key && (Object.values(ids) as string[]).includes(key) ? (key as Id) : undefined;
const asWarning = oneOf<StrengthWarningId>(strengthWarnings);
const asSuggestion = oneOf<StrengthSuggestionId>(strengthSuggestions);

/** zxcvbn-ts's code and its common and English dictionaries, however a side loaded them. */
export interface ZxcvbnPackages {
  core: typeof ZxcvbnCore;
  common: typeof ZxcvbnCommon;
  en: typeof ZxcvbnEnglish;
}

/**
 * The words of the user's own data a password should not lean on: each e-mail address whole,
 * its local part (as typed, without separators, and piece by piece) and its domain's first
 * label, each name whole, without spaces and word by word, and the site's name. Lower case;
 * pieces of fewer than 3 characters are left out.
 */
export function personalWords(inputs: readonly string[]): string[] {
  const words = new Set<string>(SITE_WORDS);
  const add = (word: string) => {
    const w = word.trim().toLowerCase();
    if ([...w].length >= 3) words.add(w);
  };
  for (const input of inputs) {
    const text = normalizePassword(input);
    add(text);
    const at = text.lastIndexOf("@");
    if (at > 0) {
      const local = text.slice(0, at);
      const pieces = local.split(/[^\p{L}\p{N}]+/u);
      for (const word of [local, pieces.join(""), ...pieces]) add(word);
      add(text.slice(at + 1).split(".")[0] ?? "");
    } else {
      const pieces = text.split(/[\s\p{P}]+/u);
      for (const word of [pieces.join(""), ...pieces]) add(word);
    }
  }
  return [...words];
}

/** The part of a password zxcvbn judges: the first STRENGTH_MAX_LENGTH code points of its NFKC form. */
export function judgedPart(password: string): string {
  return [...normalizePassword(password)].slice(0, STRENGTH_MAX_LENGTH).join("");
}

export interface PasswordStrength {
  /** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
  score: number;
  strong: boolean;
  /** What makes it weak, as a message id, when zxcvbn says. */
  warning?: StrengthWarningId;
  /** How to make it stronger, as message ids. */
  suggestions: StrengthSuggestionId[];
  /** Milliseconds the estimate took. */
  ms: number;
}

/** Judges a new password given the user's name and e-mail; synchronous. */
export type PasswordStrengthJudge = (password: string, userInputs?: readonly string[]) => PasswordStrength;

/**
 * The judge over zxcvbn-ts (common and English dictionaries, keyboard graphs): weak when the
 * score is below MIN_PASSWORD_SCORE. Building it indexes the dictionaries, so build it once.
 */
export function passwordStrengthJudge({ core, common, en }: ZxcvbnPackages): PasswordStrengthJudge {
  const estimator = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: { warnings: strengthWarnings, suggestions: strengthSuggestions, timeEstimation: en.translations.timeEstimation },
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    maxLength: STRENGTH_MAX_LENGTH * 2, // UTF-16 units; judgedPart cuts by code points first
  });
  return (password, userInputs = []) => {
    const judged = judgedPart(password);
    const started = performance.now();
    const result = estimator.check(judged, personalWords(userInputs));
    const ms = performance.now() - started;
    const warning = asWarning(result.feedback.warning);
    return {
      score: result.score,
      strong: result.score >= MIN_PASSWORD_SCORE,
      ...(warning ? { warning } : {}),
      suggestions: result.feedback.suggestions.map(asSuggestion).filter((id): id is StrengthSuggestionId => id !== undefined),
      ms,
    };
  };
}
