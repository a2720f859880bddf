import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { LOGIN_PASSWORD_MAX_LENGTH, paths, type CodeSent, type RoutesWithReason } from "../../../contract/index.ts";
import { beginAttempt } from "./attempts.ts";
import { bindCodeToUser, checkCode, consumeCode, insertCode, issueCode, lockCodeKeys, pendingSignup, type CodeCheck, type IssuedCode } from "./codes.ts";
import { waitBeforeNextCode } from "./code-limits.ts";
import { seconds } from "./limits.ts";
import { checkPassword } from "./password.ts";
import { rateLimited } from "./rate-limited.ts";
import { hashToken, revokeSession, revokeUserSessions } from "./sessions.ts";
import { signIn } from "./sign-in.ts";
import { addSignupToken, createUnverifiedUser, findUserByEmail, markEmailVerified, presentsSignupToken, replaceUnverified } from "./users.ts";
import { users } from "./schema.ts";
import { handlers } from "../../platform/http/api.ts";
import type { ApiError } from "../../platform/http/envelope.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { linkOrigin } from "../../platform/http/hosts.ts";
import type { AuthDeps } from "./deps.ts";
import type { Locale } from "../../platform/i18n/index.ts";
import { sendQuietly } from "../../platform/mail/index.ts";
import { composeMail } from "./mail-templates.ts";
import { accountNameAsContext, newPasswordCheck } from "./new-password.ts";

const codeSent = (email: string, { resendAfter, expiresIn }: Pick<IssuedCode, "resendAfter" | "expiresIn">, token?: string): CodeSent => ({
  email,
  resendAfter,
  expiresIn,
  ...(token ? { token } : {}),
});

/** A code that did not prove the address: wrong (with the tries left) or no longer live. */
function codeError(route: RoutesWithReason<"codeInvalid" | "codeExpired">, result: Exclude<CodeCheck, { ok: true }>): ApiError {
  return result.reason === "codeInvalid" ? refuse(route, "codeInvalid", { attemptsLeft: result.attemptsLeft }) : refuse(route, "codeExpired");
}

const newToken = () => randomBytes(32).toString("base64url");

interface SignupRequest {
  email: string;
  fullName: string;
  password: string;
  address: string;
  now: Date;
}

/**
 * Sign-up, sign-in (password or e-mailed code), password reset and logout. Answers never say
 * whether an account exists: unknown e-mails take the same path, limits and time as known ones.
 * Failures are 400 (not 401), because the SPA reads every 401 as "your session has ended".
 * Each call's writes are one transaction, never held open across a scrypt hash (hashes are made
 * before it); guesses are recorded apart from it (attempts.ts), and mail goes after the commit.
 */
export function sessionHandlers(s: AuthDeps) {
  const db = s.database.db;
  const mail = (...args: Parameters<typeof composeMail>) => sendQuietly(s.mail, s.logger, composeMail(...args));

  /**
   * A sign-up inside the wait before another code: a duplicate of the pending sign-up (same
   * e-mail, name and password, its code live) answers like it, with a token of its own that keeps
   * the password too, and sends nothing; anything else is refused with the wait. Proving the
   * password takes one scrypt, the cost of a new sign-up's hash, and counts as a guess.
   */
  async function repeatedSignup({ email, fullName, password, address, now }: SignupRequest, wait: number): Promise<CodeSent> {
    const pending = await pendingSignup(db, email, now);
    if (!pending) throw rateLimited("signup", wait);
    const attempt = await beginAttempt(db, { action: "signup", account: email, address, now });
    const same = await attempt.check(
      async () => (await s.hasher.verify(password, pending.signupPasswordHash)) && pending.signupFullName === fullName,
      (same) => same,
    );
    if (!same) throw rateLimited("signup", wait);
    const token = newToken();
    if (pending.userId) await addSignupToken(db, pending.userId, { passwordHash: pending.signupPasswordHash, signupTokenHash: hashToken(token) });
    return codeSent(email, { resendAfter: seconds(wait), expiresIn: seconds(pending.expiresAt.getTime() - now.getTime()) }, token);
  }

  return handlers({
    signup: {
      success: "success.signupCodeSent",
      fieldCheck: newPasswordCheck("password"),
      handle: async (c, body) => {
        const { email, fullName, password } = body;
        const locale: Locale = body.locale ?? c.var.locale;
        const request: SignupRequest = { email, fullName, password, address: c.var.clientAddress, now: s.now() };
        const { address, now } = request;
        // The limits first, without a lock: a refusal costs no scrypt work.
        const wait = await waitBeforeNextCode(db, { email, address, now });
        if (wait > 0) return repeatedSignup(request, wait);
        // Hashed in all three cases (new, unverified, verified address), so the answers take the same time.
        const passwordHash = await s.hasher.hash(password);
        // Answered in all three cases too; it binds this sign-up's password to the browser that chose it.
        const token = newToken();
        const signupTokenHash = hashToken(token);
        const outcome = await db.transaction(async (tx) => {
          await lockCodeKeys(tx, { email, address });
          const existing = await findUserByEmail(tx, email);
          // A verified owner's code row stays unbound (nothing is sent with it), like an unknown e-mail's.
          const verified = existing?.emailVerifiedAt ? existing : undefined;
          const issued = await insertCode(tx, { email, purpose: "signin", userId: null, address, now, signup: { fullName, passwordHash } });
          if ("wait" in issued) return issued;
          // The consent is the ticked box's version, at the time by our own clock, never the client's.
          const fields = { fullName, passwordHash, locale, signupTokenHash, termsVersion: body.acceptedTerms, termsAcceptedAt: now };
          const user = verified
            ? undefined
            : existing
              ? await replaceUnverified(tx, existing.id, { ...fields, now })
              : await createUnverifiedUser(tx, email, fields);
          if (user) await bindCodeToUser(tx, issued.id, user.id);
          return { issued, user, owner: verified ?? existing };
        });
        // A concurrent request got its code in first: this one may be a double submission of it.
        if ("wait" in outcome) return repeatedSignup(request, outcome.wait);
        const { issued, user, owner } = outcome;
        if (user) {
          await mail("signup", { to: email, locale, code: issued.code });
        } else {
          await mail("signupExisting", { to: email, locale: (owner?.locale as Locale | null) ?? locale, link: `${linkOrigin(s.env, c)}/login` });
        }
        return codeSent(email, issued, token);
      },
    },
    sendOtp: {
      success: "success.codeSent",
      handle: async (c, body) => {
        const user = await findUserByEmail(db, body.email);
        const issued = await issueCode(db, {
          route: "sendOtp",
          email: body.email,
          purpose: "signin",
          userId: user?.id ?? null,
          address: c.var.clientAddress,
          now: s.now(),
          withChallenge: true,
        });
        if (user) await mail("signin", { to: body.email, locale: body.locale ?? c.var.locale, code: issued.code });
        return codeSent(body.email, issued, issued.challenge);
      },
    },
    verifyOtp: {
      success: "success.signedIn",
      handle: async (c, body) => {
        const now = s.now();
        const attempt = await beginAttempt(db, { action: "verifyotp", account: body.email, address: c.var.clientAddress, now });
        const outcome = await attempt.check(
          () =>
            db.transaction(async (tx) => {
              // The token is either sendotp's challenge for its code, or one of the sign-up's own tokens.
              const presentsSignup = presentsSignupToken(await findUserByEmail(tx, body.email), body.token);
              const challenge = presentsSignup ? undefined : body.token;
              // A wrong code's counted try commits with the transaction: it answers, it does not throw.
              const result = await checkCode(tx, { email: body.email, purpose: "signin", code: body.otp, challenge, now });
              if (!result.ok) return result;
              const user = await markEmailVerified(tx, result.userId, now, { keepSignup: presentsSignup });
              return { ok: true as const, signedIn: await signIn(s, user, tx) };
            }),
          (outcome) => outcome.ok,
        );
        if (!outcome.ok) throw codeError("verifyOtp", outcome);
        return outcome.signedIn;
      },
    },
    login: {
      success: "success.signedIn",
      fieldValues: { password: { max: LOGIN_PASSWORD_MAX_LENGTH } },
      handle: async (c, body) => {
        const now = s.now();
        // Past the account's limit this answers codeRequired before any hashing (see ATTEMPTS).
        const attempt = await beginAttempt(db, { action: "login", account: body.email, address: c.var.clientAddress, now });
        const user = await attempt.check(
          async () => {
            const user = await findUserByEmail(db, body.email);
            // Unknown e-mails and accounts without a password cost one scrypt too (a dummy hash).
            const right = await checkPassword(s.hasher, body.password, user?.passwordHash);
            return right && user?.passwordHash ? { ...user, passwordHash: user.passwordHash } : null;
          },
          (user) => user !== null,
        );
        if (!user) throw refuse("login", "invalidCredentials");
        if (!user.emailVerifiedAt) throw refuse("login", "emailNotVerified", { email: user.email });
        const rehashed = s.hasher.needsRehash(user.passwordHash) ? await s.hasher.hash(body.password) : null;
        const signedIn = await db.transaction(async (tx) => {
          if (rehashed) {
            // Only over the hash just checked: a password changed meanwhile stays.
            await tx
              .update(users)
              .set({ passwordHash: rehashed })
              .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
          }
          return signIn(s, user, tx);
        });
        return signedIn;
      },
    },
    forgotPassword: {
      success: "success.resetRequested",
      handle: async (c, body) => {
        const user = await findUserByEmail(db, body.email);
        const issued = await issueCode(db, {
          route: "forgotPassword",
          email: body.email,
          purpose: "reset",
          userId: user?.id ?? null,
          address: c.var.clientAddress,
          now: s.now(),
        });
        if (user) {
          const link = `${linkOrigin(s.env, c)}${paths.resetPassword}?${new URLSearchParams({ email: body.email, code: issued.code })}`;
          await mail("reset", { to: body.email, locale: body.locale ?? c.var.locale, code: issued.code, link });
        }
        return codeSent(body.email, issued);
      },
    },
    resetPassword: {
      success: "success.passwordReset",
      before: accountNameAsContext(db),
      fieldCheck: newPasswordCheck("password"),
      handle: async (c, body) => {
        const now = s.now();
        const attempt = await beginAttempt(db, { action: "resetpassword", account: body.email, address: c.var.clientAddress, now });
        // Checked without using it up: it is consumed with the new password, in one transaction.
        const check = await attempt.check(
          () => checkCode(db, { email: body.email, purpose: "reset", code: body.otp, now, consume: false }),
          (check) => check.ok,
        );
        if (!check.ok) throw codeError("resetPassword", check);
        // Hashed only after the code is proven, so wrong codes cost no scrypt work.
        const passwordHash = await s.hasher.hash(body.password);
        const reset = await db.transaction(async (tx) => {
          // Another request with the same code may have used it meanwhile: only one resets.
          if (!(await consumeCode(tx, check.codeId, now))) return false;
          // A code proves the address, not who submitted a pending sign-up: its consent is dropped.
          await markEmailVerified(tx, check.userId, now, { keepSignup: false });
          await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, check.userId));
          // Whoever knew the old password may hold a session: a reset ends them all.
          await revokeUserSessions(tx, check.userId, now);
          return true;
        });
        if (!reset) throw refuse("resetPassword", "codeExpired");
        return null;
      },
    },
    logout: {
      success: "success.loggedOut",
      handle: async (c) => {
        await revokeSession(db, c.var.auth.session.id, s.now());
        return null;
      },
    },
  });
}
