import { normalizePassword } from "../../../contract/index.ts";
import { zxcvbnPackages } from "./password-strength.ts";

/** NIST SP 800-63B 5.1.1.2: refuse passwords from lists of commonly used or breached ones. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

const canonical = (password: string) => normalizePassword(password).toLowerCase();

export function isCommonPassword(password: string): boolean {
  // Built on first use: start-up and requests that never choose a password skip the 10,000
  // entries, and the zxcvbn package that holds them is loaded only then too.
  common ??= new Set(zxcvbnPackages().common.dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map(canonical));
  return common.has(canonical(password));
}
