import { createRequire } from "node:module";
import type * as ZxcvbnCore from "@zxcvbn-ts/core";
import type * as ZxcvbnCommon from "@zxcvbn-ts/language-common";
import type * as ZxcvbnEnglish from "@zxcvbn-ts/language-en";
import { normalizePassword } from "../../../contract/index.ts";
import type { MessageId } from "../../platform/i18n/index.ts";

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

// zxcvbn answers translation *keys*: its feedback comes back as our message ids, which the
// request's language then translates (server/platform/i18n).
const warnings = {
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
} as const satisfies Record<keyof ZxcvbnCore.TranslationKeys["warnings"], MessageId>;

const suggestions = {
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
} as const satisfies Record<keyof ZxcvbnCore.TranslationKeys["suggestions"], MessageId>;

const adviceIds: ReadonlySet<string> = new Set<string>([...Object.values(warnings), ...Object.values(suggestions)]);
const asAdvice = (key: string | null | undefined): MessageId | undefined => (key && adviceIds.has(key) ? (key as MessageId) : undefined);

interface Packages {
  core: typeof ZxcvbnCore;
  common: typeof ZxcvbnCommon;
  en: typeof ZxcvbnEnglish;
}

let packages: Packages | undefined;
let estimator: ZxcvbnCore.ZxcvbnFactory | undefined;

/**
 * zxcvbn's code and dictionaries (some 5 MB), loaded on first use and kept: start-up and
 * requests that never choose a password skip them. Synchronous, because validateBody is.
 */
export function zxcvbnPackages(): Packages {
  if (!packages) {
    const require = createRequire(import.meta.url);
    packages = {
      core: require("@zxcvbn-ts/core") as typeof ZxcvbnCore,
      common: require("@zxcvbn-ts/language-common") as typeof ZxcvbnCommon,
      en: require("@zxcvbn-ts/language-en") as typeof ZxcvbnEnglish,
    };
  }
  return packages;
}

/** Whether the estimator's packages have been loaded yet (they load on the first check). */
export function strengthEstimatorLoaded(): boolean {
  return packages !== undefined;
}

function zxcvbn(): ZxcvbnCore.ZxcvbnFactory {
  if (!estimator) {
    const { core, common, en } = zxcvbnPackages();
    estimator = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: { warnings, suggestions, timeEstimation: en.translations.timeEstimation },
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      maxLength: STRENGTH_MAX_LENGTH * 2, // UTF-16 units; passwordStrength cuts by code points first
    });
  }
  return estimator;
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

export interface PasswordStrength {
  /** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
  score: number;
  strong: boolean;
  /** What makes it weak, as a message id, when zxcvbn says. */
  warning?: MessageId;
  /** How to make it stronger, as message ids. */
  suggestions: MessageId[];
  /** Milliseconds the estimate took. */
  ms: number;
}

/**
 * Judges a new password with zxcvbn-ts (common and English dictionaries, keyboard graphs), given
 * the user's name and e-mail: weak when its score is below MIN_PASSWORD_SCORE. Synchronous;
 * judges the first STRENGTH_MAX_LENGTH code points of the NFKC form.
 */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const judged = [...normalizePassword(password)].slice(0, STRENGTH_MAX_LENGTH).join("");
  const estimator = zxcvbn();
  const started = performance.now();
  const result = estimator.check(judged, personalWords(userInputs));
  const ms = performance.now() - started;
  const warning = asAdvice(result.feedback.warning);
  return {
    score: result.score,
    strong: result.score >= MIN_PASSWORD_SCORE,
    ...(warning ? { warning } : {}),
    suggestions: result.feedback.suggestions.map(asAdvice).filter((id): id is MessageId => id !== undefined),
    ms,
  };
}
