import { passwordStrengthJudge, type PasswordStrengthJudge } from "../../../contract/passwordStrength.ts";

let judge: PasswordStrengthJudge | undefined;
let loading: Promise<PasswordStrengthJudge> | undefined;

/** The server's password-strength judge, if its code and dictionaries are in yet. */
export function loadedStrengthJudge(): PasswordStrengthJudge | undefined {
  return judge;
}

/**
 * Loads zxcvbn-ts and its dictionaries (three chunks of their own, fetched side by side) and
 * builds the same judge the server uses. A form that sets a password asks for it when it opens,
 * so none of it is part of any page's first paint. A failed load may be tried again.
 */
export function loadStrengthJudge(): Promise<PasswordStrengthJudge> {
  loading ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([core, common, en]) => (judge = passwordStrengthJudge({ core, common, en })),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
