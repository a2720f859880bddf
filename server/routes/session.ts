import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  forgotPasswordSchema,
  LOGIN_PASSWORD_MAX_LENGTH,
  loginSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signupSchema,
  verifyOtpSchema,
  type CodeSent,
} from "../../src/lib/contract/auth.ts";
import { beginAttempt } from "../auth/attempts.ts";
import { bindCodeToUser, checkCode, issueCode, type CodeCheck, type IssuedCode } from "../auth/codes.ts";
import { checkPassword, needsRehash } from "../auth/password.ts";
import { requireAuth } from "../auth/require-auth.ts";
import { createUser, hashToken, revokeSession, revokeUserSessions } from "../auth/sessions.ts";
import { signIn } from "../auth/sign-in.ts";
import { findUserByEmail, markEmailVerified, replaceUnverified } from "../auth/users.ts";
import { users } from "../db/schema.ts";
import { ApiError, success } from "../http/envelope.ts";
import { linkOrigin } from "../http/hosts.ts";
import type { AppEnv, Services } from "../http/types.ts";
import { validateBody } from "../http/validate.ts";
import type { Locale } from "../i18n/index.ts";
import { sendQuietly } from "../mail/index.ts";
import { composeMail } from "../mail/templates.ts";

const codeSent = (email: string, { resendAfter, expiresIn }: IssuedCode, token?: string): CodeSent => ({
  email,
  resendAfter,
  expiresIn,
  ...(token ? { token } : {}),
});

function codeError(result: Exclude<CodeCheck, { ok: true }>): ApiError {
  return result.reason === "codeInvalid"
    ? new ApiError(400, "error.codeInvalid", { reason: "codeInvalid", attemptsLeft: result.attemptsLeft })
    : new ApiError(400, "error.codeExpired", { reason: "codeExpired" });
}

const invalidCredentials = () => new ApiError(400, "error.invalidCredentials", { reason: "invalidCredentials" });

/**
 * Sign-up, sign-in (password or e-mailed code), password reset and logout. Answers never say
 * whether an account exists: unknown e-mails take the same path, limits and time as known ones.
 * Failures are 400 (not 401), because the SPA reads every 401 as "your session has ended".
 */
export function sessionRoutes(s: Services) {
  const db = s.database.db;
  const mail = (...args: Parameters<typeof composeMail>) => sendQuietly(s.mail, s.logger, composeMail(...args));

  return new Hono<AppEnv>()
    .post("/user/signup", async (c) => {
      const body = validateBody(c, signupSchema, { newPasswordField: "password" });
      const { email, fullName } = body;
      const locale: Locale = body.locale ?? c.var.locale;
      const now = s.now();
      const existing = await findUserByEmail(db, email);
      // A verified owner's code row stays unbound (nothing is sent with it), like an unknown e-mail's.
      const verified = existing?.emailVerifiedAt ? existing : undefined;
      const issued = await issueCode(db, { email, purpose: "signin", userId: existing && !verified ? existing.id : null, address: c.var.clientAddress, now });
      // Hashed in all three cases, after the limits, so the answers take the same time.
      const passwordHash = await s.hasher.hash(body.password);
      // Answered in all three cases too; it binds this sign-up's password to the browser that chose it.
      const token = randomBytes(32).toString("base64url");
      const signupTokenHash = hashToken(token);
      const user = verified
        ? undefined
        : existing
          ? await replaceUnverified(db, existing.id, { fullName, passwordHash, locale, signupTokenHash, now })
          : await createUser(db, { email, fullName, passwordHash, locale, signupTokenHash });
      if (user) {
        await bindCodeToUser(db, issued.id, user.id);
        await mail("signup", { to: email, locale, code: issued.code });
      } else {
        const owner = verified ?? existing;
        await mail("signupExisting", { to: email, locale: (owner?.locale as Locale | null) ?? locale, link: `${linkOrigin(s.env, c)}/login` });
      }
      return success(c, "success.signupCodeSent", codeSent(email, issued, token));
    })
    .post("/user/sendotp", async (c) => {
      const body = validateBody(c, sendOtpSchema);
      const user = await findUserByEmail(db, body.email);
      const issued = await issueCode(db, {
        email: body.email,
        purpose: "signin",
        userId: user?.id ?? null,
        address: c.var.clientAddress,
        now: s.now(),
        withChallenge: true,
      });
      if (user) await mail("signin", { to: body.email, locale: body.locale ?? c.var.locale, code: issued.code });
      return success(c, "success.codeSent", codeSent(body.email, issued, issued.challenge));
    })
    .post("/user/verifyotp", async (c) => {
      const body = validateBody(c, verifyOtpSchema);
      const now = s.now();
      const attempt = await beginAttempt(db, { action: "verifyotp", account: body.email, address: c.var.clientAddress, now });
      // The token is either sendotp's challenge for its code, or the sign-up's own token.
      const pending = await findUserByEmail(db, body.email);
      const presentsSignup = body.token !== undefined && !!pending?.signupTokenHash && hashToken(body.token) === pending.signupTokenHash;
      const challenge = presentsSignup ? undefined : body.token;
      const result = await checkCode(db, { email: body.email, purpose: "signin", code: body.otp, challenge, now });
      if (!result.ok) throw codeError(result);
      await attempt.succeeded();
      const user = await markEmailVerified(db, result.userId, now, { keepPassword: presentsSignup });
      return success(c, "success.signedIn", await signIn(s, user));
    })
    .post("/user/login", async (c) => {
      const body = validateBody(c, loginSchema, { fieldValues: { password: { max: LOGIN_PASSWORD_MAX_LENGTH } } });
      const now = s.now();
      const attempt = await beginAttempt(db, { action: "login", account: body.email, address: c.var.clientAddress, now });
      const user = await findUserByEmail(db, body.email);
      // Unknown e-mails and accounts without a password cost one scrypt too (a dummy hash).
      if (!(await checkPassword(s.hasher, body.password, user?.passwordHash)) || !user?.passwordHash) throw invalidCredentials();
      await attempt.succeeded();
      if (!user.emailVerifiedAt) throw new ApiError(403, "error.emailNotVerified", { reason: "emailNotVerified", email: user.email });
      if (needsRehash(user.passwordHash)) {
        await db.update(users).set({ passwordHash: await s.hasher.hash(body.password) }).where(eq(users.id, user.id));
      }
      return success(c, "success.signedIn", await signIn(s, user));
    })
    .post("/user/forgotPassword", async (c) => {
      const body = validateBody(c, forgotPasswordSchema);
      const user = await findUserByEmail(db, body.email);
      const issued = await issueCode(db, { email: body.email, purpose: "reset", userId: user?.id ?? null, address: c.var.clientAddress, now: s.now() });
      if (user) {
        const link = `${linkOrigin(s.env, c)}/reset-password?${new URLSearchParams({ email: body.email, code: issued.code })}`;
        await mail("reset", { to: body.email, locale: body.locale ?? c.var.locale, code: issued.code, link });
      }
      return success(c, "success.resetRequested", codeSent(body.email, issued));
    })
    .post("/user/resetpassword", async (c) => {
      const body = validateBody(c, resetPasswordSchema, { newPasswordField: "password" });
      const now = s.now();
      const attempt = await beginAttempt(db, { action: "resetpassword", account: body.email, address: c.var.clientAddress, now });
      const result = await checkCode(db, { email: body.email, purpose: "reset", code: body.otp, now });
      if (!result.ok) throw codeError(result);
      await attempt.succeeded();
      // Hashed only after the code is proven, so wrong codes cost no scrypt work.
      const passwordHash = await s.hasher.hash(body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, result.userId));
        await markEmailVerified(tx, result.userId, now);
        // Whoever knew the old password may hold a session: a reset ends them all.
        await revokeUserSessions(tx, result.userId, now);
      });
      return success(c, "success.passwordReset");
    })
    .post("/user/logout", requireAuth(s), async (c) => {
      await revokeSession(db, c.var.auth.session.id, s.now());
      return success(c, "success.loggedOut");
    });
}
