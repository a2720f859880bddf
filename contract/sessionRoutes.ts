// The session calls, a group of the contract's table (contract/routes.ts): signing up, in (by
// password, e-mailed code or a social sign-in) and out, and resetting a forgotten password.
import { z } from "zod";
import {
  codeSentSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signedInUserSchema,
  signupSchema,
  socialLoginSchema,
  verifyOtpSchema,
} from "./auth.ts";
import { codeExpired, codeInvalid, failure, rateLimited, sessionEnded, validation } from "./failures.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

/** A call that takes no body (or ignores one). */
const anyBody = z.unknown();
const nothing = z.null();

export const sessionRoutes = {
  signup: route({
    path: routePaths.signup,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Creates an unverified account and e-mails a sign-up code; answers alike for known addresses.",
    status: "live",
    request: signupSchema,
    response: codeSentSchema,
    failures: [validation, rateLimited],
  }),
  login: route({
    path: routePaths.login,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Signs in with e-mail and password.",
    status: "live",
    request: loginSchema,
    response: signedInUserSchema,
    failures: [
      validation,
      failure("invalidCredentials", "Wrong e-mail or password (never says which)."),
      failure("emailNotVerified", "Right password, e-mail not verified yet; data.email."),
      failure("codeRequired", "Too many wrong passwords for this account: sign in by e-mail code; data.email."),
      rateLimited,
    ],
  }),
  sendOtp: route({
    path: routePaths.sendOtp,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "E-mails a sign-in code; its token binds the code to this browser.",
    status: "live",
    request: sendOtpSchema,
    response: codeSentSchema,
    failures: [validation, rateLimited],
  }),
  verifyOtp: route({
    path: routePaths.verifyOtp,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Signs in with an e-mailed code (and verifies the e-mail).",
    status: "live",
    request: verifyOtpSchema,
    response: signedInUserSchema,
    failures: [validation, codeInvalid, codeExpired, rateLimited],
  }),
  forgotPassword: route({
    path: routePaths.forgotPassword,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "E-mails a password-reset code; answers alike for unknown addresses.",
    status: "live",
    request: forgotPasswordSchema,
    response: codeSentSchema,
    failures: [validation, rateLimited],
  }),
  resetPassword: route({
    path: routePaths.resetPassword,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Sets a new password with the reset code; ends every session.",
    status: "live",
    request: resetPasswordSchema,
    response: nothing,
    failures: [validation, codeInvalid, codeExpired, rateLimited],
  }),
  socialLogin: route({
    path: routePaths.socialLogin,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Turns the social sign-in popup's one-time code into a session.",
    status: "live",
    request: socialLoginSchema,
    response: signedInUserSchema,
    failures: [validation, failure("socialCodeInvalid", "The code is unknown, used or expired.")],
  }),
  logout: route({
    path: routePaths.logout,
    methods: ["POST"],
    auth: "session",
    group: "Session",
    summary: "Ends this session.",
    status: "live",
    request: anyBody,
    response: nothing,
    failures: [sessionEnded],
  }),
};
