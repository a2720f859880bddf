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

/**
 * E-mailed one-time codes. A code goes to the owner's mailbox, so asking for one is open to
 * anyone; the limits keep strangers from flooding the mailbox and from using up the owner's codes:
 * - per client (the e-mail asked for from one address): one per resendAfterMs, perClientPerWindow
 *   an hour. This is the budget a client spends; one stranger spends only its own.
 * - per address, whatever the e-mails: perAddressPerWindow an hour.
 * - per e-mail, all clients together: one per perEmailGapMs (a burst sends one mail) and
 *   perEmailPerWindow an hour. Past that ceiling the e-mail is not closed: a client that has had no
 *   code for it in the window (the owner on their own device) still gets one, at most one such code
 *   per newClientGapMs, so the owner waits at most that long, while the clients that used up the
 *   ceiling wait for the window. A stranger with many fresh addresses can still take those places
 *   one a minute (the owner then waits its turn, and the mailbox gets at most 60 more an hour).
 */
export const CODES = {
  ttlMs: 10 * MINUTE,
  maxWrongTries: 5,
  resendAfterMs: 60 * SECOND,
  windowMs: HOUR,
  perClientPerWindow: 5,
  perEmailGapMs: 10 * SECOND,
  perEmailPerWindow: 20,
  newClientGapMs: 60 * SECOND,
  perAddressPerWindow: 20,
} as const;

/** A sign-up answers a token; a repeated submission of the same sign-up gets one more, up to this many kept. */
export const SIGNUP_TOKENS_KEPT = 10;

/**
 * Guesses (passwords, codes, a repeated sign-up's password), counted per client address and,
 * for some actions, per account (the e-mail, whether or not it has an account).
 *
 * A guess is pending from its admission until its check ends, then failed or succeeded; only
 * failures count. It is admitted when the failures in the window plus the guesses pending ahead
 * of it (admission order) stay below the limit; otherwise it waits, polling, up to queueWaitMs
 * (then 429). So correct guesses queue behind each other instead of being refused, and a burst
 * of concurrent wrong ones is counted exactly: never more checked than the limit allows. Pending
 * rows older than pendingStaleMs belong to a process that died mid-check and are ignored.
 *
 * Per address (every action): failuresPerAddress failures in the window, then a plain 429 with
 * Retry-After until the oldest of them leaves the window.
 *
 * Per account, a stranger must never be able to lock the owner out (see ACCOUNT_LIMITS):
 * - login: failuresPerAccount failed passwords since the account's latest success (a correct
 *   password while under the limit, a sign-in by e-mail code, a password reset) and in the
 *   window, then every password login of that e-mail answers 403 codeRequired, without checking
 *   the password (no oracle) and alike for unknown e-mails (no enumeration). The e-mail code
 *   sign-in stays open and its success clears the count.
 * - verifyotp, resetpassword: no per-account limit. That sign-in is the way out of the one above,
 *   and guessing is already bounded per account by the codes themselves (CODES.maxWrongTries per
 *   code, CODES.perEmailPerWindow codes an hour and one per CODES.newClientGapMs past it).
 * - changepassword: needs a session, so only its holder guesses: failuresPerAccount failures
 *   since the last successful change, then 429.
 * - signup (a repeated submission proving the pending sign-up's password): per address only.
 */
export const ATTEMPTS = {
  windowMs: 15 * MINUTE,
  failuresPerAccount: 10,
  failuresPerAddress: 50,
  pendingStaleMs: 30 * SECOND,
  queueWaitMs: 10 * SECOND,
  pollMs: 25,
} as const;

/** Each kind of guess has its own budget: password, sign-in code, reset code, current password, repeated sign-up. */
export type AttemptAction = "login" | "verifyotp" | "resetpassword" | "changepassword" | "signup";

export interface AccountLimit {
  /** What a request gets once the account has reached failuresPerAccount. */
  whenReached: "codeRequired" | "rateLimited";
  /** Successes that prove the owner and clear the account's count (only later failures count). */
  clearedBy: readonly AttemptAction[];
}

/** The per-account rule of each action, as documented above ATTEMPTS; null: per address only. */
export const ACCOUNT_LIMITS: Record<AttemptAction, AccountLimit | null> = {
  login: { whenReached: "codeRequired", clearedBy: ["login", "verifyotp", "resetpassword"] },
  changepassword: { whenReached: "rateLimited", clearedBy: ["changepassword"] },
  verifyotp: null,
  resetpassword: null,
  signup: null,
};

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
