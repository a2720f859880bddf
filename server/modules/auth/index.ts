// What other server modules may use of auth (the session guard, password checks, the profile
// shape, the users table) and what the composition root mounts. Everything else in this folder
// is auth's own (lint enforces it).
export { beginAttempt } from "./attempts.ts";
export { newPasswordCheck } from "./new-password.ts";
export { checkPassword, scryptHasher, type PasswordHasher } from "./password.ts";
export { cachedProfile, loadProfile, publicProfile } from "./profile.ts";
export { readOptionalAuth, requireAuth, type AuthContext } from "./require-auth.ts";
export { revokeUserSessions } from "./sessions.ts";
export { findUserByEmail, passwordChangedAt, replacePassword, setFirstPassword, swapUserPicture, updateUserProfile, userContact } from "./users.ts";
export type { Session, User } from "./schema.ts";
export type { AuthDeps } from "./deps.ts";
export { sessionHandlers } from "./session.routes.ts";
export { socialAuthRoutes } from "./social-auth.routes.ts";
export { socialLoginHandlers } from "./social-login.routes.ts";
export { STAND_IN_PATH } from "./social/stand-in.ts";
