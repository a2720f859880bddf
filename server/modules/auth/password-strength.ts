import { createRequire } from "node:module";
import { passwordStrengthJudge, type PasswordStrength, type PasswordStrengthJudge, type ZxcvbnPackages } from "../../../contract/passwordStrength.ts";

// The rule itself lives in the contract, so the SPA's meter judges exactly as the server does.
// Its advice ids are message ids of the server's catalogs (new-password.ts translates them).
export { STRENGTH_MAX_LENGTH, type PasswordStrength } from "../../../contract/passwordStrength.ts";

let packages: ZxcvbnPackages | undefined;
let judge: PasswordStrengthJudge | undefined;

/**
 * zxcvbn's code and dictionaries (some 5 MB), loaded on first use and kept: start-up and
 * requests that never choose a password skip them. Synchronous, because validateBody is.
 */
export function zxcvbnPackages(): ZxcvbnPackages {
  if (!packages) {
    const require = createRequire(import.meta.url);
    packages = {
      core: require("@zxcvbn-ts/core") as ZxcvbnPackages["core"],
      common: require("@zxcvbn-ts/language-common") as ZxcvbnPackages["common"],
      en: require("@zxcvbn-ts/language-en") as ZxcvbnPackages["en"],
    };
  }
  return packages;
}

/** Whether the estimator's packages have been loaded yet (they load on the first check). */
export function strengthEstimatorLoaded(): boolean {
  return packages !== undefined;
}

/**
 * Judges a new password with zxcvbn-ts (common and English dictionaries, keyboard graphs), given
 * the user's name and e-mail: weak when its score is below MIN_PASSWORD_SCORE. Synchronous;
 * judges the first STRENGTH_MAX_LENGTH code points of the NFKC form.
 */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  judge ??= passwordStrengthJudge(zxcvbnPackages());
  return judge(password, userInputs);
}
