import type { Context } from "hono";
import type { FieldCheck } from "../../platform/http/validate.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import { guardedSession } from "./require-auth.ts";
import { translate, type Locale } from "../../platform/i18n/index.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { findUserByEmail } from "./users.ts";
import type { Db } from "../../platform/db/open.ts";
import { passwordStrength, type PasswordStrength } from "./password-strength.ts";

/** "Too easy to guess." followed by zxcvbn's warning and suggestions, in the request's language. */
function weakPasswordMessage(locale: Locale, strength: PasswordStrength): string {
  const advice = [...(strength.warning ? [strength.warning] : []), ...strength.suggestions];
  return [translate(locale, "password.weak"), ...advice.map((id) => translate(locale, id))].join(" ");
}

/** The user's own words a new password should not use: the body's e-mail and name, the signed-in user's, and any the route looked up. */
function personalInputs(c: Context<AppEnv>): string[] {
  const body = c.var.body;
  const fromBody = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const user = guardedSession(c)?.user;
  const values = [
    Object.hasOwn(fromBody, "email") ? fromBody.email : undefined,
    Object.hasOwn(fromBody, "fullName") ? fromBody.fullName : undefined,
    user?.email,
    user?.fullName,
    ...(c.get("passwordContext") ?? []),
  ];
  return values.filter((value): value is string => typeof value === "string" && value.trim() !== "");
}

/**
 * A field holding a new password, judged beyond the schema's rules: refused when it is on the
 * common-password list, or when zxcvbn finds it weak given the user's name and e-mail.
 */
export function newPasswordCheck(field: string): FieldCheck {
  return {
    field,
    check: (password, c) => {
      if (isCommonPassword(password)) return { key: "password.common" };
      const strength = passwordStrength(password, personalInputs(c));
      return strength.strong ? null : { key: "password.weak", message: (locale) => weakPasswordMessage(locale, strength) };
    },
  };
}

/**
 * For a route whose body names the account only by e-mail (a reset): looks up its name, so the
 * new password is judged against it too. Run before the body is judged; changes nothing.
 */
export function accountNameAsContext(db: Db) {
  return async (c: Context<AppEnv>): Promise<void> => {
    const body = c.var.body;
    const email =
      body !== null && typeof body === "object" && !Array.isArray(body) && typeof (body as { email?: unknown }).email === "string"
        ? (body as { email: string }).email
        : null;
    const user = email ? await findUserByEmail(db, email).catch(() => undefined) : undefined;
    if (user?.fullName) c.set("passwordContext", [user.fullName]);
  };
}
