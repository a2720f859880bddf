// What other server modules may use of auth: the session guard, password checks and the
// profile shape. Everything else in this folder is auth's own (lint enforces it).
export { beginAttempt } from "./attempts.ts";
export { newPasswordCheck } from "./new-password.ts";
export { checkPassword, type PasswordHasher } from "./password.ts";
export { publicProfile } from "./profile.ts";
export { requireAuth } from "./require-auth.ts";
export { revokeUserSessions } from "./sessions.ts";
