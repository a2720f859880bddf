import { isReason, type FailureFields } from "../../../contract/failures.ts";
import type { AnyReason } from "../../../contract/routeFailures.ts";

/** What went wrong with a call, as a code the machines can branch on; views translate it. */
export type ApiErrorCode =
  | "badRequest"
  | "unauthorized"
  | "forbidden"
  | "serverError"
  | "notImplemented"
  | "badGateway"
  | "unavailable"
  | "notFound"
  | "conflict"
  | "tooLarge"
  | "invalid"
  | "rateLimited"
  | "network"
  | "unexpected";

const codeByStatus: Record<number, ApiErrorCode> = {
  400: "badRequest",
  401: "unauthorized",
  403: "forbidden",
  500: "serverError",
  501: "notImplemented",
  502: "badGateway",
  503: "unavailable",
};

// Statuses the server contract adds beyond the spec's list; they raise the server message too.
const contractCodeByStatus: Record<number, ApiErrorCode> = {
  404: "notFound",
  409: "conflict",
  413: "tooLarge",
  422: "invalid",
  429: "rateLimited",
};

export function codeForStatus(status: number): ApiErrorCode {
  return codeByStatus[status] ?? contractCodeByStatus[status] ?? "unexpected";
}

/**
 * A failure's `data` as the client keeps it: a reason some route documents, with the fields the
 * contract's reasons carry. A reason the contract does not list (a newer server's) is kept apart,
 * so it can be shown in the server's words but never matched or mapped.
 */
export type FailureData = FailureFields & { reason?: AnyReason; unknownReason?: string };

/** The server's `data`, read as FailureData (its fields are checked again where they are used: machines/failure.ts). */
export function failureDataOf(raw: unknown): FailureData | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const { reason, ...fields } = raw as Record<string, unknown>;
  const why = isReason(reason) ? { reason } : typeof reason === "string" ? { unknownReason: reason } : {};
  return { ...(fields as FailureFields), ...why };
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number | null = null,
    readonly data?: FailureData,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
