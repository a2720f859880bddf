// The one way a handler refuses: by a failure its route documents in the contract's table. The
// status comes from the contract (reasonStatus) and the message from the map below, so neither
// can disagree with what the table and the OpenAPI document say.
import {
  reasonStatus,
  routes,
  type DataOf,
  type FailureBody,
  type FailureStatus,
  type LiveRouteName,
  type PlainStatusOf,
  type Reason,
  type ReasonOf,
} from "../../../contract/index.ts";
import type { MessageId } from "../i18n/index.ts";
import { ApiError } from "./envelope.ts";

/** Each reason's words (server/platform/i18n): complete, so a reason added to the contract needs its message. */
const reasonMessages: Record<Reason, MessageId> = {
  validation: "error.validation",
  invalidCredentials: "error.invalidCredentials",
  emailNotVerified: "error.emailNotVerified",
  codeRequired: "error.codeRequired",
  codeInvalid: "error.codeInvalid",
  codeExpired: "error.codeExpired",
  rateLimited: "error.tooManyRequests",
  socialCodeInvalid: "error.socialCodeInvalid",
  passwordAlreadySet: "error.passwordAlreadySet",
  currentPasswordWrong: "error.currentPasswordWrong",
  unknownSymbol: "error.unknownSymbol",
  pricesUnavailable: "error.pricesUnavailable",
  pricesStale: "error.pricesStale",
  idempotencyConflict: "error.idempotencyConflict",
  onrampUnavailable: "error.onrampUnavailable",
  orderNotFound: "error.orderNotFound",
  orderNotCancellable: "error.orderNotCancellable",
  quoteNotFound: "error.quoteNotFound",
  quoteExpired: "error.quoteExpired",
  insufficientBalance: "error.insufficientBalance",
  houseCannotFill: "error.houseCannotFill",
  priceMoved: "error.priceMoved",
  debtOutstanding: "error.debtOutstanding",
  kycInReview: "error.kycInReview",
  kycAlreadyApproved: "error.kycAlreadyApproved",
  kycRejectedFinal: "error.kycRejectedFinal",
  kycUnavailable: "error.kycUnavailable",
  kycRequired: "error.kycRequired",
  fileEmpty: "error.fileEmpty",
  fileTooLarge: "error.fileTooLarge",
  fileNotImage: "error.fileNotImage",
  imageTooLarge: "error.imageTooLarge",
  imageUnreadable: "error.imageUnreadable",
  fileNotFound: "error.fileNotFound",
  uploadsLimited: "error.uploadsLimited",
  addressNotFound: "error.addressNotFound",
  addressNotUsable: "error.addressNotUsable",
  withdrawalNotFound: "error.withdrawalNotFound",
  withdrawalsLocked: "error.withdrawalsLocked",
  withdrawalsFrozen: "error.withdrawalsFrozen",
  withdrawLimit: "error.withdrawLimit",
  formTooFast: "error.formTooFast",
  formExpired: "error.formExpired",
  linkInvalid: "error.linkInvalid",
  linkExpired: "error.linkExpired",
  postNotFound: "error.postNotFound",
  partnerNotFound: "error.partnerNotFound",
};

/** The words of a failure the table documents without a reason, by its status. */
const plainMessages: Record<FailureStatus, MessageId> = {
  400: "error.badRequest",
  401: "error.unauthorized",
  403: "error.forbidden",
  404: "error.notFound",
  409: "error.conflict",
  413: "error.payloadTooLarge",
  422: "error.validation",
  429: "error.tooManyRequests",
  500: "error.internal",
  501: "error.notImplemented",
  502: "error.badGateway",
  503: "error.unavailable",
};

// What every one of the routes R has in Of: inferred from a union of functions' parameters, the
// candidates intersect, so a helper serving several routes may send only what all of them document.
type Common<R extends LiveRouteName, Of extends Record<LiveRouteName, unknown>> = (R extends unknown ? (each: Of[R]) => void : never) extends (
  each: infer C,
) => void
  ? C
  : never;

/** What routes R all document: a reason, or the status of a failure without one. */
export type RefusalOf<R extends LiveRouteName> = Common<R, { [K in LiveRouteName]: ReasonOf<K> | PlainStatusOf<K> }>;

/** A reason's own data, required when it has fields (rateLimited's retryAfter …); a plain status has none. */
type DataArgs<What> = What extends Reason ? (Record<never, never> extends DataOf<What> ? [data?: DataOf<What>] : [data: DataOf<What>]) : [];

/**
 * The error for a failure that `route` documents: `throw refuse("login", "codeRequired", { email })`,
 * or `refuse("getProfile", 403)` for one without a reason. A reason or status the route's table
 * entry does not list does not compile; a helper shared by routes takes the route as a parameter
 * typed `RoutesWithReason<…>`, so each caller's route is checked too.
 */
export function refuse<R extends LiveRouteName, const What extends RefusalOf<R>>(route: R, what: What, ...[data]: DataArgs<What>): ApiError {
  // The types make this unreachable; it keeps a cast somewhere from sending an undocumented failure.
  const documented = routes[route].failures.some((each) =>
    typeof what === "number" ? each.status === what && !("reason" in each) : "reason" in each && each.reason === what,
  );
  if (!documented) throw new Error(`${route} does not document the failure ${String(what)}`);
  return typeof what === "number" ? refusal(what as FailureStatus) : refusal(what as Reason, data as DataOf<Reason>);
}

/**
 * The same error without a route: only for the platform's steps that run before any handler,
 * for every route (body validation, the session guard), whose failures a contract test checks
 * against the table. Handlers use `refuse`.
 */
export function refusal(status: FailureStatus): ApiError;
export function refusal<Why extends Reason>(reason: Why, ...[data]: DataArgs<Why>): ApiError;
export function refusal(what: Reason | FailureStatus, data?: object): ApiError {
  if (typeof what === "number") return new ApiError(what, plainMessages[what]);
  const body = { reason: what, ...data } as FailureBody;
  // The wait goes in Retry-After too, for clients that read no body.
  const headers = body.reason === "rateLimited" || body.reason === "uploadsLimited" ? { "Retry-After": String(body.retryAfter) } : undefined;
  return new ApiError(reasonStatus[what], reasonMessages[what], body, headers);
}
