import type { Context } from "hono";
import type { z } from "zod";
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  fieldErrorsOf,
  NAME_MAX_LENGTH,
  noFieldErrors,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrorKey,
  type FieldErrors,
} from "../../src/lib/contract/auth.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { passwordStrength, type PasswordStrength } from "../auth/password-strength.ts";
import { translate, type Locale } from "../i18n/index.ts";
import { ApiError } from "./envelope.ts";
import type { AppEnv, AuthContext } from "./types.ts";

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
  /**
   * A field holding a new password, judged beyond the schema's rules: refused when it is on the
   * common-password list, or when zxcvbn finds it weak given the user's name and e-mail (the
   * body's `email` and `fullName`, and the signed-in user's).
   */
  newPasswordField?: string;
  /** Per field: values for its message, e.g. `{ password: { max: LOGIN_PASSWORD_MAX_LENGTH } }`. */
  fieldValues?: Record<string, Values>;
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

/** "Too easy to guess." followed by zxcvbn's warning and suggestions, in the request's language. */
function weakPasswordMessage(locale: Locale, strength: PasswordStrength): string {
  const advice = [...(strength.warning ? [strength.warning] : []), ...strength.suggestions];
  return [translate(locale, "password.weak"), ...advice.map((id) => translate(locale, id))].join(" ");
}

/** The user's own words a new password should not use: the body's e-mail and name, and the signed-in user's. */
function personalInputs(c: Context<AppEnv>): string[] {
  const body = c.var.body;
  const fromBody = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const user = (c.get("auth") as AuthContext | undefined)?.user;
  const values = [Object.hasOwn(fromBody, "email") ? fromBody.email : undefined, Object.hasOwn(fromBody, "fullName") ? fromBody.fullName : undefined, user?.email, user?.fullName];
  return values.filter((value): value is string => typeof value === "string" && value.trim() !== "");
}

/**
 * Parses c.var.body with a contract schema, or throws 400 error.validation naming every bad
 * field in the request's language. Runs before any database work, so a 400 changes nothing.
 */
export function validateBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S, options: ValidateOptions = {}): z.output<S> {
  const result = schema.safeParse(c.var.body);
  const fields = result.success ? noFieldErrors() : fieldErrorsOf(result.error);
  const field = options.newPasswordField;
  const body = c.var.body as Record<string, unknown> | null;
  const password = field && body !== null && typeof body === "object" && Object.hasOwn(body, field) ? body[field] : undefined;
  let weak: PasswordStrength | undefined;
  // Only a password the schema accepted (length, e-mail, same as current) is judged further.
  if (field && fields[field] === undefined && typeof password === "string") {
    if (isCommonPassword(password)) fields[field] = "password.common";
    else {
      const strength = passwordStrength(password, personalInputs(c));
      if (!strength.strong) {
        fields[field] = "password.weak";
        weak = strength;
      }
    }
  }
  if (result.success && Object.keys(fields).length === 0) return result.data;
  const translated = translateFields(c.var.locale, fields, options.fieldValues);
  if (field && weak) translated[field] = weakPasswordMessage(c.var.locale, weak);
  throw new ApiError(400, "error.validation", { reason: "validation", fields: translated });
}
