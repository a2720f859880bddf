// The auth calls' request bodies, validated with the same schemas by the SPA's forms and the
// server. Issues carry stable keys (never text): each side translates them in its own catalog.
// Pure zod: the server imports this file (the one exception to "server imports nothing from src").
import { z } from "zod";

/** NIST SP 800-63B: at least 8 (we ask 12), at least 64 accepted, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Login takes any password up to this, so a long old password still reaches the hash check. */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const CODE_LENGTH = 6;

export const fieldErrorKeys = [
  "field.required",
  "field.invalid",
  "field.unknown",
  "field.notText",
  "field.controlCharacters",
  "email.invalid",
  "email.tooLong",
  "password.tooShort",
  "password.tooLong",
  "password.containsEmail",
  "password.common",
  "password.same",
  "password.weak",
  "code.format",
  "name.required",
  "name.tooLong",
  "locale.invalid",
  "profile.empty",
] as const;
export type FieldErrorKey = (typeof fieldErrorKeys)[number];

const locales = ["en", "ar"] as const;

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
  .pipe(z.email({ error: "email.invalid" }));

/** A new password: length rules only; the e-mail and common-password checks need more context. */
export const newPasswordField = z
  .string({ error: textError() })
  .refine((p) => p.length > 0, { error: "field.required", abort: true })
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, { error: "password.tooShort", abort: true })
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, { error: "password.tooLong", abort: true });

/** A password being checked, not chosen: no policy, only a bound on hashing work. */
export const existingPasswordField = z
  .string({ error: textError() })
  .min(1, { error: "field.required" })
  .max(LOGIN_PASSWORD_MAX_LENGTH, { error: "password.tooLong" });

export const codeField = z
  .string({ error: textError() })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: "code.format" });

export const nameField = z
  .string({ error: textError("name.required") })
  .trim()
  .min(1, { error: "name.required" })
  .max(NAME_MAX_LENGTH, { error: "name.tooLong" });

export const localeField = z.enum(locales, { error: "locale.invalid" });

function refineNewPassword(email: (value: never) => string, passwordKey = "password") {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = value[passwordKey];
    if (typeof password === "string" && passwordContainsEmail(password, email(value as never))) {
      ctx.addIssue({ code: "custom", path: [passwordKey], message: "password.containsEmail" });
    }
  };
}

export const signupSchema = z
  .strictObject({ fullName: nameField, email: emailField, password: newPasswordField, locale: localeField.optional() })
  .superRefine(refineNewPassword((v: { email: string }) => v.email));
export type SignupBody = z.input<typeof signupSchema>;

export const loginSchema = z.strictObject({ email: emailField, password: existingPasswordField });
export type LoginBody = z.input<typeof loginSchema>;

/** Sends a sign-in code: it verifies a new account's e-mail, or signs a verified one in. */
export const sendOtpSchema = z.strictObject({ email: emailField, locale: localeField.optional() });
export type SendOtpBody = z.input<typeof sendOtpSchema>;

/** `token` is what /user/sendotp or /user/signup answered; without it a code still verifies, but a pending sign-up password is dropped. */
export const verifyOtpSchema = z.strictObject({
  email: emailField,
  otp: codeField,
  // Opaque, never typed by a person: anything but a short string is simply "not valid".
  token: z.string({ error: "field.invalid" }).max(200, { error: "field.invalid" }).optional(),
});
export type VerifyOtpBody = z.input<typeof verifyOtpSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailField, locale: localeField.optional() });
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .strictObject({ email: emailField, otp: codeField, password: newPasswordField })
  .superRefine(refineNewPassword((v: { email: string }) => v.email));
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

export const updateProfileSchema = z
  .strictObject({ fullName: nameField.optional(), locale: localeField.optional() })
  .refine((v) => v.fullName !== undefined || v.locale !== undefined, { error: "profile.empty" });
export type UpdateProfileBody = z.input<typeof updateProfileSchema>;

/** For an account made by e-mail code only: its first password. The server adds the e-mail check. */
export function setPasswordSchemaFor(email: string) {
  return z.strictObject({ password: newPasswordField }).superRefine(refineNewPassword(() => email));
}
export type SetPasswordBody = { password: string };

export function changePasswordSchemaFor(email: string) {
  return z
    .strictObject({ currentPassword: existingPasswordField, newPassword: newPasswordField })
    .superRefine(refineNewPassword(() => email, "newPassword"))
    .superRefine((v, ctx) => {
      if (v.currentPassword === v.newPassword) ctx.addIssue({ code: "custom", path: ["newPassword"], message: "password.same" });
    });
}
export type ChangePasswordBody = { currentPassword: string; newPassword: string };

/** Field name → the first problem's key; `_` for problems of the body as a whole. */
export type FieldErrors = Partial<Record<string, FieldErrorKey>>;

/**
 * An empty FieldErrors without a prototype: a field named like an Object.prototype member
 * (`constructor`, `toString`, `__proto__`) is an ordinary key in it, never an inherited one.
 */
export function noFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields = noFieldErrors();
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= "field.unknown";
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : "_";
    const key = (fieldErrorKeys as readonly string[]).includes(issue.message) ? (issue.message as FieldErrorKey) : "field.invalid";
    fields[field] ??= key;
  }
  return fields;
}

/**
 * Error bodies the auth calls answer with, beyond the plain envelope: `data.reason` says which
 * case it is, so the SPA branches on it and never on the translated message.
 */
export type AuthErrorReason =
  | "validation" // 400, data.fields: field → translated message
  | "invalidCredentials" // 400 on login: wrong e-mail or password (never says which); 401 always means "session ended"
  | "emailNotVerified" // 403 on login: data.email to verify
  | "codeInvalid" // 400: wrong code, data.attemptsLeft
  | "codeExpired" // 400: no live code (expired, used, or 5 wrong tries): ask for a new one
  | "rateLimited" // 429: data.retryAfter in seconds
  | "passwordAlreadySet" // 409 on set-password
  | "currentPasswordWrong" // 400 on changepassword
  | "codeRequired"; // 403 on login: too many wrong passwords for this account; sign in by e-mail code (data.email)

/** What a sign-in (login, verifyotp) answers: the profile plus the session `Token`. */
export interface SignedInUser {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  hasPassword: boolean;
  createdAt: string;
  Token: string;
}

/** What sign-up, sendotp and forgotPassword answer: when the code dies and when another may be sent. */
export interface CodeSent {
  email: string;
  /** Seconds until a new code may be asked for. */
  resendAfter: number;
  /** Seconds the code stays valid. */
  expiresIn: number;
  /**
   * sendotp: binds a later verifyotp to its code. signup: only a verifyotp presenting it keeps
   * the sign-up's password (someone else may have signed up with this address first).
   */
  token?: string;
}
