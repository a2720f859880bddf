// Field rules every feature's request bodies are built from. Issues carry stable keys (never
// text): the SPA and the server each translate them in their own catalog.
import { z } from "zod";

export {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  fieldErrorKeys,
  locales,
  LOGIN_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrorKey,
  type Locale,
} from "./vocabulary.ts";
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  locales,
  LOGIN_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type FieldErrorKey,
} from "./vocabulary.ts";

/** Passwords are measured in code points after NFKC, so "é" typed either way counts once. */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

export function passwordLength(password: string): number {
  return [...normalizePassword(password)].length;
}

/** A password may not contain the account's e-mail, or its local part when that is 4+ characters. */
export function passwordContainsEmail(password: string, email: string): boolean {
  const haystack = normalizePassword(password).toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const local = address.split("@")[0] ?? "";
  return haystack.includes(address) || (local.length >= 4 && haystack.includes(local));
}

/**
 * The error of a text field's type check: a missing value is `missing`, anything else that is
 * not a string (a number, null, an object) is "field.notText" — never "required".
 */
export const textError =
  (missing: FieldErrorKey = "field.required") =>
  (issue: { input?: unknown }): FieldErrorKey =>
    issue.input === undefined ? missing : "field.notText";

export const emailField = z
  .string({ error: textError() })
  .trim()
  .toLowerCase()
  .min(1, { error: "field.required" })
  .max(EMAIL_MAX_LENGTH, { error: "email.tooLong" })
  .pipe(z.email({ error: "email.invalid" }))
  .meta({ description: `An e-mail address, at most ${EMAIL_MAX_LENGTH} characters; trimmed and lower-cased.` });

/** A new password: length rules only; the e-mail and common-password checks need more context. */
export const newPasswordField = z
  .string({ error: textError() })
  .refine((p) => p.length > 0, { error: "field.required", abort: true })
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, { error: "password.tooShort", abort: true })
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, { error: "password.tooLong", abort: true })
  .meta({
    description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters (Unicode code points after NFKC). Refused when it contains the account's e-mail, is a common password, or is easy to guess.`,
  });

/** A password being checked, not chosen: no policy, only a bound on hashing work. */
export const existingPasswordField = z
  .string({ error: textError() })
  .min(1, { error: "field.required" })
  .max(LOGIN_PASSWORD_MAX_LENGTH, { error: "password.loginTooLong" });

export const codeField = z
  .string({ error: textError() })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: "code.format" })
  .meta({ description: `The ${CODE_LENGTH}-digit code from the e-mail.` });

export const nameField = z
  .string({ error: textError("name.required") })
  .trim()
  .min(1, { error: "name.required" })
  .max(NAME_MAX_LENGTH, { error: "name.tooLong" });

export const localeField = z.enum(locales, { error: "locale.invalid" });

/** Missing → "field.required"; a string in the wrong form → "field.invalid"; not text → "field.notText". */
export const formProblem = (issue: { input?: unknown }): FieldErrorKey =>
  issue.input === undefined ? "field.required" : typeof issue.input === "string" ? "field.invalid" : "field.notText";

/** Adds "password.containsEmail" when the new password holds the account's e-mail or its local part. */
export function refineNewPassword(email: (value: never) => string, passwordKey = "password") {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = value[passwordKey];
    if (typeof password === "string" && passwordContainsEmail(password, email(value as never))) {
      ctx.addIssue({ code: "custom", path: [passwordKey], message: "password.containsEmail" });
    }
  };
}

/**
 * A refinement's `when`: it runs once the body is an object and these fields parsed cleanly,
 * whatever the other fields say (zod skips refinements after any problem), so a form names it
 * while another field is still wrong.
 */
export const whenFieldsValid =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }): boolean =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || fields.includes(String(field));
    });

export { fieldErrorsOf, noFieldErrors, type FieldErrors } from "./fieldIssues.ts";
