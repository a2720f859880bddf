// The failures a route can document: each reason's one status and its `data`'s shape. No zod at
// run time, so machines and views read the reasons without loading the schemas.
import type { Amount } from "./money.ts";
import type { FieldErrorKey } from "./vocabulary.ts";

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 501 | 502 | 503;

/**
 * Every `data.reason` a route may document, with its one status: a reason means the same
 * failure wherever it is sent, so the server takes its status from here and cannot disagree.
 */
export const reasonStatus = {
  validation: 400,
  invalidCredentials: 400,
  emailNotVerified: 403,
  codeRequired: 403,
  codeInvalid: 400,
  codeExpired: 400,
  rateLimited: 429,
  socialCodeInvalid: 400,
  passwordAlreadySet: 409,
  currentPasswordWrong: 400,
  unknownSymbol: 400,
  pricesUnavailable: 503,
  pricesStale: 503,
  idempotencyConflict: 409,
  onrampUnavailable: 503,
  orderNotFound: 404,
  orderNotCancellable: 409,
  quoteNotFound: 404,
  quoteExpired: 409,
  insufficientBalance: 409,
  houseCannotFill: 409,
  priceMoved: 409,
  debtOutstanding: 403,
  kycInReview: 409,
  kycAlreadyApproved: 409,
  kycRejectedFinal: 409,
  kycUnavailable: 503,
  kycRequired: 403,
  fileEmpty: 400,
  fileTooLarge: 413,
  fileNotImage: 422,
  imageTooLarge: 422,
  imageUnreadable: 422,
  fileNotFound: 404,
  uploadsLimited: 429,
  addressNotFound: 404,
  addressNotUsable: 409,
  withdrawalNotFound: 404,
  withdrawalsLocked: 403,
  withdrawalsFrozen: 403,
  withdrawLimit: 409,
  formTooFast: 422,
  formExpired: 422,
  linkInvalid: 404,
  linkExpired: 400,
  postNotFound: 404,
  partnerNotFound: 404,
} as const satisfies Record<string, FailureStatus>;

export type Reason = keyof typeof reasonStatus;

export const isReason = (value: unknown): value is Reason => typeof value === "string" && Object.hasOwn(reasonStatus, value);

/** What a validation failure carries; the buy's amount errors add the limits or the decimals they break. */
export interface ValidationData {
  /** Field → its problem in the request's language (older clients show it as it is). */
  fields: Record<string, string>;
  /** Field → the problem's issue key, for a client that words it in the language active when shown. */
  fieldKeys: Partial<Record<string, FieldErrorKey>>;
  /** amount.belowMinimum / amount.aboveMaximum: one order's bounds in the quote currency. */
  limits?: { min: Amount; max: Amount };
  /** amount.tooManyDecimals: how many the amount's side allows. */
  decimals?: number;
}

/** The `data` beside `reason` for the reasons that carry more; the others carry the reason alone. */
export interface ReasonData {
  validation: ValidationData;
  rateLimited: { retryAfter: number };
  formTooFast: { retryAfter: number };
  codeInvalid: { attemptsLeft: number };
  emailNotVerified: { email: string };
  codeRequired: { email: string };
  fileTooLarge: { maxBytes: number };
  imageTooLarge: { maxPixels: number };
  uploadsLimited: { retryAfter: number; perHour: number };
}

/** Every field some reason's data carries, each optional: what a client may find beside a reason. */
export type FailureFields = Partial<ValidationData & ReasonData["rateLimited"] & ReasonData["codeInvalid"] & ReasonData["emailNotVerified"]>;

export type DataOf<R extends Reason> = R extends keyof ReasonData ? ReasonData[R] : Record<never, never>;

/** A failure's body `data` as sent: the reason with its own fields. */
export type FailureBody<R extends Reason = Reason> = R extends Reason ? { reason: R } & DataOf<R> : never;

/** A documented failure: its HTTP status and, where the body says which case, `data.reason`. */
export interface Failure<R extends Reason = Reason> {
  status: FailureStatus;
  reason?: R;
  description: string;
}

/** A failure with a reason; its status is the reason's own. */
export const failure = <const R extends Reason>(reason: R, description: string) => ({ status: reasonStatus[reason], reason, description });

/** A failure without a reason: the status alone says what happened (a 401, a 501). */
export const plainFailure = <const S extends FailureStatus>(status: S, description: string) => ({ status, description });

export const validation = failure("validation", "A field is missing or wrong; data.fields names each, translated, and data.fieldKeys its issue key.");
export const sessionEnded = plainFailure(401, "No live session: sign in again.");
export const rateLimited = failure("rateLimited", "Too many tries; data.retryAfter says how many seconds to wait.");
export const codeInvalid = failure("codeInvalid", "Wrong code; data.attemptsLeft.");
export const codeExpired = failure("codeExpired", "No live code (expired, used, or too many wrong tries): ask for a new one.");
export const unknownSymbol = failure("unknownSymbol", "No listed asset has this symbol.");
export const pricesUnavailable = failure("pricesUnavailable", "The price source has not answered yet since the server started.");
export const pricesStale = failure(
  "pricesStale",
  "The latest price is older than PRICE_STALE_SECONDS (the source stopped answering): nothing is quoted or ordered until it answers again.",
);
export const notBuilt = plainFailure(501, "In the spec, not built yet.");
