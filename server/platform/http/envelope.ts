import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FailureBody } from "../../../contract/index.ts";
import { translate, type MessageId } from "../i18n/index.ts";
import type { AppEnv } from "./types.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 421 | 422 | 429 | 500 | 501 | 502 | 503;

/** Thrown anywhere in a handler (made by refuse.ts); the error handler turns it into the translated envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly messageId: MessageId,
    /** The reason and its fields, as the contract types them; absent for a failure without a reason. */
    readonly data?: FailureBody,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(messageId);
    this.name = "ApiError";
  }
}

function withLanguage(c: Context<AppEnv>) {
  c.header("Content-Language", c.var.locale);
  c.header("Vary", "Accept-Language", { append: true });
}

export function success(c: Context<AppEnv>, messageId: MessageId, data: unknown = null) {
  withLanguage(c);
  return c.json({ status: "success", message: translate(c.var.locale, messageId), data }, 200);
}

export function failure(c: Context<AppEnv>, status: ErrorStatus, messageId: MessageId, data?: unknown) {
  withLanguage(c);
  const body = { status: "error", message: translate(c.var.locale, messageId), ...(data === undefined ? {} : { data }) };
  return c.json(body, status as ContentfulStatusCode);
}
