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

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number | null = null,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
