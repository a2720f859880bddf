/**
 * Every number of the auth lifecycle in one place (OWASP ASVS 2.x, NIST SP 800-63B 5.1.1 and
 * 5.2.2), so a review reads the policy here and tests derive their boundaries from it.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** scrypt cost: N = 2^17, r = 8 needs 128 * N * r bytes = 128 MiB per hash. */
export const SCRYPT = {
  logN: 17,
  r: 8,
  p: 1,
  saltBytes: 16,
  keyBytes: 32,
  maxmem: 256 * 1024 * 1024,
} as const;

/** E-mailed one-time codes. */
export const CODES = {
  ttlMs: 10 * MINUTE,
  maxWrongTries: 5,
  resendAfterMs: 60 * SECOND,
  windowMs: HOUR,
  perEmailPerWindow: 5,
  perAddressPerWindow: 20,
} as const;

/** Guesses (passwords and codes), counted per account and per client address. */
export const ATTEMPTS = {
  windowMs: 15 * MINUTE,
  failuresPerAccount: 10,
  failuresPerAddress: 50,
} as const;

/** Social sign-in: the provider round trip, then the one-time code the popup hands the SPA. */
export const SOCIAL = {
  stateTtlMs: 10 * MINUTE,
  loginCodeTtlMs: 2 * MINUTE,
} as const;

/** Code and attempt rows stay a day past the last window that reads them, for a look back after an incident. */
export const PRUNE = {
  keepMs: 24 * HOUR,
  everyMs: HOUR,
} as const;

export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / SECOND));
