// The auth calls (spec section 7, "Session"): request bodies the SPA's forms and the server
// validate with the same schemas, and what each call answers.
import { z } from "zod";
import { codeField, emailField, existingPasswordField, localeField, nameField, newPasswordField, refineNewPassword, whenFieldsValid } from "./fields.ts";
import { acceptedTermsField } from "./legal.ts";
import { socialProviders } from "./vocabulary.ts";

/** `acceptedTerms` last: a form focuses the first field in error, and the box comes after the others. */
export const signupSchema = z
  .strictObject({ fullName: nameField, email: emailField, password: newPasswordField, locale: localeField.optional(), acceptedTerms: acceptedTermsField })
  // Also while the box is unticked: the form says the password holds the e-mail as it is typed.
  .superRefine(
    refineNewPassword((v: { email: string }) => v.email),
    { when: whenFieldsValid("email", "password") },
  );
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

export { socialProviders, type SocialProviderName } from "./vocabulary.ts";

/**
 * The signed-in user's own record (`userInfo`): whether a password exists (never its hash) and
 * which providers the account is linked to; every verified account may also sign in by e-mail code.
 */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  providers: z.array(z.enum(socialProviders)),
  /** The profile picture's address (contract/files.ts pictureUrl); null or absent when there is none. */
  pictureUrl: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type Profile = z.output<typeof profileSchema>;

/** What a sign-in (login, verifyotp, social-login) answers: the profile plus the session `Token`. */
export const signedInUserSchema = profileSchema.extend({ Token: z.string() });
export type SignedInUser = z.output<typeof signedInUserSchema>;

/** What sign-up, sendotp and forgotPassword answer: when the code dies and when another may be sent. */
export const codeSentSchema = z.object({
  email: z.string(),
  /** Seconds until a new code may be asked for. */
  resendAfter: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int().positive(),
  /**
   * sendotp: binds a later verifyotp to its code. signup: only a verifyotp presenting it keeps
   * the sign-up's password (someone else may have signed up with this address first).
   */
  token: z.string().optional(),
});
export type CodeSent = z.output<typeof codeSentSchema>;

/** The popup's one-time proof of a finished Google/Apple/Facebook sign-in: 256 random bits, base64url. */
export const SOCIAL_LOGIN_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The body of /user/social-login: the one-time code from the popup's result page. */
export const socialLoginSchema = z.strictObject({
  code: z
    .string({ error: (issue) => (issue.input === undefined ? "field.required" : "field.invalid") })
    .regex(SOCIAL_LOGIN_CODE_PATTERN, { error: "field.invalid" }),
});
export type SocialLoginBody = z.input<typeof socialLoginSchema>;
