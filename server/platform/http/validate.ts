import type { Context, Env } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  fieldErrorsOf,
  LOGIN_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  noFieldErrors,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrorKey,
  type FieldErrors,
  type ValidationData,
} from "../../../contract/index.ts";
import { translate, type Locale } from "../i18n/index.ts";
import { refusal } from "./refuse.ts";
import type { AppEnv } from "./types.ts";

type Values = Record<string, unknown>;

/** The numbers the field messages quote; a call can override them per field (login's longer bound). */
const FIELD_VALUES: Partial<Record<FieldErrorKey, Values>> = {
  "email.tooLong": { max: EMAIL_MAX_LENGTH },
  "password.tooShort": { min: PASSWORD_MIN_LENGTH },
  "password.tooLong": { max: PASSWORD_MAX_LENGTH },
  "password.loginTooLong": { max: LOGIN_PASSWORD_MAX_LENGTH },
  "name.tooLong": { max: NAME_MAX_LENGTH },
  "code.format": { length: CODE_LENGTH },
};

/**
 * A further judgement of one field the schema accepted (a new password's strength, say): a
 * problem's key, and optionally the whole translated message when the key alone says too little.
 */
export interface FieldCheck {
  field: string;
  check: (value: string, c: Context<AppEnv>) => { key: FieldErrorKey; message?: (locale: Locale) => string } | null;
}

/** How a route's body is judged beyond the table's schema; each route's handler may say. */
export interface BodyRules<Body = unknown, E extends Env = AppEnv> {
  /** A refusal that does not depend on the body, answered before it is judged (set-password's 409). */
  before?: (c: Context<E>) => void | Promise<void>;
  /** The table's schema with what only the request knows (the signed-in user's e-mail). */
  schemaFor?: (c: Context<E>) => z.ZodType<Body>;
  /** Runs only when the schema accepted this field and it is text; the feature supplies it. */
  fieldCheck?: FieldCheck;
  /** Per field: values for its message, e.g. `{ password: { max: LOGIN_PASSWORD_MAX_LENGTH } }`. */
  fieldValues?: Record<string, Values>;
  /** "badRequest": a bad body is a plain 400 error.badRequest without field messages (get-profile-by-id). */
  refusal?: "fields" | "badRequest";
}

export function translateFields(locale: Locale, fields: FieldErrors, fieldValues: Record<string, Values> = {}): Record<string, string> {
  // Object.entries and Object.fromEntries make own keys only: a field named "__proto__" or
  // "constructor" is named like any other.
  return Object.fromEntries(
    Object.entries(fields).flatMap(([field, key]) =>
      key ? [[field, translate(locale, key, { ...FIELD_VALUES[key], ...(Object.hasOwn(fieldValues, field) ? fieldValues[field] : {}) })]] : [],
    ),
  );
}

/** Field → its issue key, for a client that shows the problem in whatever language is active when it shows it. */
function fieldKeysOf(fields: FieldErrors): Record<string, FieldErrorKey> {
  return Object.fromEntries(Object.entries(fields).flatMap(([field, key]) => (key ? [[field, key]] : [])));
}

/**
 * The `data` of a 400 validation failure: `fields` in the request's language (older clients show
 * it as it is), and `fieldKeys` with the same fields' issue keys. A handler sends it with
 * `refuse(route, "validation", validationData(…))`.
 */
export function validationData(
  locale: Locale,
  fields: FieldErrors,
  options: { fieldValues?: Record<string, Values>; messages?: Record<string, string> } = {},
): ValidationData {
  return { fields: { ...translateFields(locale, fields, options.fieldValues), ...options.messages }, fieldKeys: fieldKeysOf(fields) };
}

/**
 * Parses c.var.body with a schema, or throws 400 error.validation naming every bad field in the
 * request's language. Runs before any database work, so a 400 changes nothing.
 */
function parseBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S, rules: BodyRules): z.output<S> {
  const result = schema.safeParse(c.var.body);
  if (rules.refusal === "badRequest") {
    if (result.success) return result.data;
    throw refusal(400);
  }
  const fields = result.success ? noFieldErrors() : fieldErrorsOf(result.error);
  const check = rules.fieldCheck;
  const body = c.var.body as Record<string, unknown> | null;
  const value = check && body !== null && typeof body === "object" && Object.hasOwn(body, check.field) ? body[check.field] : undefined;
  let message: ((locale: Locale) => string) | undefined;
  // Only a value the schema accepted (length, e-mail, same as current) is judged further.
  if (check && fields[check.field] === undefined && typeof value === "string") {
    const problem = check.check(value, c);
    if (problem) {
      fields[check.field] = problem.key;
      message = problem.message;
    }
  }
  if (result.success && Object.keys(fields).length === 0) return result.data;
  const messages = check && message ? { [check.field]: message(c.var.locale) } : {};
  throw refusal("validation", validationData(c.var.locale, fields, { fieldValues: rules.fieldValues, messages }));
}

/**
 * The one validation step of every route: judges c.var.body with the route's schema and rules,
 * then hands the parsed value on as c.var.valid.
 */
export function bodyValidation(schema: z.ZodType, rules: BodyRules = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await rules.before?.(c);
    c.set("valid", parseBody(c, rules.schemaFor?.(c) ?? schema, rules));
    await next();
  });
}
