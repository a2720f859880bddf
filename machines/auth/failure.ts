// How the auth machine reads a failed call: a code and the server's own words, never parsed text.

/** Which form a failure belongs to, so each screen shows only its own. */
export type AuthFlow =
  | "login"
  | "signup"
  | "sendCode"
  | "verifyCode"
  | "forgotPassword"
  | "resetPassword"
  | "updateProfile"
  | "changePassword"
  | "setPassword"
  | "social";

export interface AuthFailure {
  flow: AuthFlow;
  /** The API client's code (badRequest, network, rateLimited, …). */
  code: string;
  /** The server's message in the request's language, or the error text when there was none. */
  message: string;
  /** The server's `data.reason` (see contract/auth.ts AuthErrorReason). */
  reason: string | null;
  /** Field → the server's translated message, for errors shown next to their field. */
  fields: Record<string, string>;
  /** Seconds until another try is allowed (429). */
  retryAfter: number | null;
  attemptsLeft: number | null;
  /** The e-mail the failure is about (codeRequired, emailNotVerified: the address to use a code with). */
  email: string | null;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

const stringOr = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
const countOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null);

export function failureOf(flow: AuthFlow, error: unknown): AuthFailure {
  const e = record(error);
  const data = record(e.data);
  const fields = Object.fromEntries(Object.entries(record(data.fields)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return {
    flow,
    code: stringOr(e.code, "unexpected"),
    message: stringOr(e.message, ""),
    reason: typeof data.reason === "string" ? data.reason : null,
    fields,
    retryAfter: countOrNull(data.retryAfter),
    attemptsLeft: countOrNull(data.attemptsLeft),
    email: typeof data.email === "string" && data.email ? data.email : null,
  };
}

/** The reason a failed call gives in `data.reason`, if any. */
export function reasonOf(error: unknown): string | null {
  const data = record(record(error).data);
  return typeof data.reason === "string" ? data.reason : null;
}

export function retryAfterOf(error: unknown): number {
  return countOrNull(record(record(error).data).retryAfter) ?? 0;
}
