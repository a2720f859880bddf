// How a machine reads a failed call: a code and the server's own words, never parsed text.
import { isReason } from "../contract/failures.ts";
import type { AnyReason } from "../contract/routeFailures.ts";
import { fieldErrorKeys, type FieldErrorKey } from "../contract/vocabulary.ts";

/** A failed call, tagged with the form (`flow`) it belongs to, so each screen shows only its own. */
export interface Failure<F extends string = string> {
  flow: F;
  /** The API client's code (badRequest, network, rateLimited, …). */
  code: string;
  /** The server's message in the request's language, or the error text when there was none. */
  message: string;
  /** The server's `data.reason`: one a route of the contract's table documents. */
  reason: AnyReason | null;
  /** A reason the contract does not list (a newer server's): shown in the server's words, never matched. */
  unknownReason?: string;
  /** Field → the server's translated message: shown only when the key below is missing or unknown. */
  fields: Record<string, string>;
  /** Field → the contract's issue key, so a view shows the problem in the language active now. */
  fieldKeys: Record<string, FieldErrorKey>;
  /** Seconds until another try is allowed (429). */
  retryAfter: number | null;
  attemptsLeft: number | null;
  /** The e-mail the failure is about (codeRequired, emailNotVerified: the address to use a code with). */
  email: string | null;
}

/** What a guard may ask of a failed call: the client's code, or a reason some route documents. */
export interface FailureMatch {
  code?: string;
  reason?: AnyReason;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

const isFieldErrorKey = (value: unknown): value is FieldErrorKey => typeof value === "string" && (fieldErrorKeys as readonly string[]).includes(value);
const stringOr = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
const countOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null);

export function failureOf<F extends string>(flow: F, error: unknown): Failure<F> {
  const e = record(error);
  const data = record(e.data);
  const fields = Object.fromEntries(Object.entries(record(data.fields)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const fieldKeys = Object.fromEntries(Object.entries(record(data.fieldKeys)).filter((entry): entry is [string, FieldErrorKey] => isFieldErrorKey(entry[1])));
  // The API client keeps a reason it does not know as unknownReason; an error made elsewhere may still carry it as reason.
  const unknownReason =
    typeof data.unknownReason === "string" ? data.unknownReason : typeof data.reason === "string" && !isReason(data.reason) ? data.reason : null;
  return {
    flow,
    code: stringOr(e.code, "unexpected"),
    message: stringOr(e.message, ""),
    reason: isReason(data.reason) ? data.reason : null,
    ...(unknownReason === null ? {} : { unknownReason }),
    fields,
    fieldKeys,
    retryAfter: countOrNull(data.retryAfter),
    attemptsLeft: countOrNull(data.attemptsLeft),
    email: typeof data.email === "string" && data.email ? data.email : null,
  };
}

/** Whether a failed call is the one asked about: every given part must match. */
export function failedWith(error: unknown, { code, reason }: FailureMatch): boolean {
  const failure = failureOf("", error);
  return (code === undefined || failure.code === code) && (reason === undefined || failure.reason === reason);
}

export function retryAfterOf(error: unknown): number {
  return failureOf("", error).retryAfter ?? 0;
}

/**
 * The error of an invoke's error event. Setup's implementations see events typed as the
 * machine's own, so a guard or action with static params (which form, which reason) reads the
 * error here, at run time, instead of casting the event.
 */
export function errorOf(event: object): unknown {
  return "error" in event ? event.error : undefined;
}
