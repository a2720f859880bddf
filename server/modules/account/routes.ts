import { changePasswordSchemaFor, LOGIN_PASSWORD_MAX_LENGTH, setPasswordSchemaFor } from "../../../contract/index.ts";
import {
  beginAttempt,
  cachedProfile,
  checkPassword,
  loadProfile,
  newPasswordCheck,
  replacePassword,
  revokeUserSessions,
  setFirstPassword,
  updateUserProfile,
  type PasswordHasher,
} from "../auth/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { PlatformDeps } from "../../platform/deps.ts";

/** The signed-in user's own account: read it, rename it, and choose or change its password. */
/** What the account module needs: the platform and auth's password hasher. */
export interface AccountDeps extends PlatformDeps {
  hasher: PasswordHasher;
}

export function profileHandlers(s: AccountDeps) {
  const db = s.database.db;
  return handlers({
    getProfile: {
      success: "success.profile",
      // A body that is not an object of optional ids is a plain 400: there are no fields to name.
      refusal: "badRequest",
      handle: (c, body) => {
        // Only the signed-in user's own profile exists for now; an id naming anyone else is refused.
        const asked = body.id ?? body._id;
        if (asked !== undefined && asked !== c.var.auth.user.id) throw refuse("getProfile", 403);
        return cachedProfile(s.database, c.var.auth.user);
      },
    },
    updateProfile: {
      success: "success.profileUpdated",
      handle: async (c, { fullName, locale }) => {
        return loadProfile(db, await updateUserProfile(db, c.var.auth.user.id, { fullName, locale }, s.now()));
      },
    },
    setPassword: {
      success: "success.passwordSet",
      // An account that has a password hears so whatever the body says.
      before: (c) => {
        if (c.var.auth.user.passwordHash) throw refuse("setPassword", "passwordAlreadySet");
      },
      schemaFor: (c) => setPasswordSchemaFor(c.var.auth.user.email),
      fieldCheck: newPasswordCheck("password"),
      handle: async (c, { password }) => {
        const { user } = c.var.auth;
        const passwordHash = await s.hasher.hash(password);
        const updated = await setFirstPassword(db, user.id, passwordHash, s.now());
        if (!updated) throw refuse("setPassword", "passwordAlreadySet");
        return loadProfile(db, updated);
      },
    },
    changePassword: {
      success: "success.passwordChanged",
      schemaFor: (c) => changePasswordSchemaFor(c.var.auth.user.email),
      fieldCheck: newPasswordCheck("newPassword"),
      fieldValues: { currentPassword: { max: LOGIN_PASSWORD_MAX_LENGTH } },
      handle: async (c, body) => {
        const { user, session } = c.var.auth;
        const now = s.now();
        // Guessing the current password through a stolen session is limited like a login.
        const attempt = await beginAttempt(db, { action: "changepassword", account: user.email, address: c.var.clientAddress, now });
        const right = await attempt.check(
          async () => (await checkPassword(s.hasher, body.currentPassword, user.passwordHash)) && !!user.passwordHash,
          (right) => right,
        );
        if (!right || !user.passwordHash) throw refuse("changePassword", "currentPasswordWrong");
        const proven = user.passwordHash;
        // Hashed before the transaction: none is held open across scrypt work.
        const passwordHash = await s.hasher.hash(body.newPassword);
        const changed = await db.transaction(async (tx) => {
          if (!(await replacePassword(tx, user.id, proven, passwordHash, now))) return false;
          // The session making the change stays; any other may belong to whoever knew the old one.
          await revokeUserSessions(tx, user.id, now, { except: session.id });
          return true;
        });
        if (!changed) throw refuse("changePassword", "currentPasswordWrong");
        return null;
      },
    },
  });
}
