import type { Context } from "hono";
import type { z } from "zod";
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  fieldErrorsOf,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrorKey,
  type FieldErrors,
} from "../../src/lib/contract/auth.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { translate, type Locale } from "../i18n/index.ts";
import { ApiError } from "./envelope.ts";
import type { AppEnv } from "./types.ts";

type Values = Record<string, unknown>;

/** The numbers the field messages quote; a call can override them per field (login's longer bound). */
const FIELD_VALUES: Partial<Record<FieldErrorKey, Values>> = {
  "email.tooLong": { max: EMAIL_MAX_LENGTH },
  "password.tooShort": { min: PASSWORD_MIN_LENGTH },
  "password.tooLong": { max: PASSWORD_MAX_LENGTH },
  "name.tooLong": { max: NAME_MAX_LENGTH },
  "code.format": { length: CODE_LENGTH },
};

export interface ValidateOptions {
  /** A field holding a new password, checked against the common-password list as well. */
  newPasswordField?: string;
  /** Per field: values for its message, e.g. `{ password: { max: LOGIN_PASSWORD_MAX_LENGTH } }`. */
  fieldValues?: Record<string, Values>;
}

export function translateFields(locale: Locale, fields: FieldErrors, fieldValues: Record<string, Values> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([field, key]) => (key ? [[field, translate(locale, key, { ...FIELD_VALUES[key], ...fieldValues[field] })]] : [])),
  );
}

/**
 * Parses c.var.body with a contract schema, or throws 400 error.validation naming every bad
 * field in the request's language. Runs before any database work, so a 400 changes nothing.
 */
export function validateBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S, options: ValidateOptions = {}): z.output<S> {
  const result = schema.safeParse(c.var.body);
  const fields = result.success ? {} : fieldErrorsOf(result.error);
  const field = options.newPasswordField;
  const password = field ? (c.var.body as Record<string, unknown> | null)?.[field] : undefined;
  if (field && fields[field] === undefined && typeof password === "string" && isCommonPassword(password)) {
    fields[field] = "password.common";
  }
  if (result.success && Object.keys(fields).length === 0) return result.data;
  throw new ApiError(400, "error.validation", { reason: "validation", fields: translateFields(c.var.locale, fields, options.fieldValues) });
}
