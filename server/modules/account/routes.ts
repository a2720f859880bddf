import { and, eq, isNull } from "drizzle-orm";
import { changePasswordSchemaFor, LOGIN_PASSWORD_MAX_LENGTH, setPasswordSchemaFor } from "../../../contract/index.ts";
import { beginAttempt, checkPassword, loadProfile, newPasswordCheck, revokeUserSessions, users } from "../auth/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { Services } from "../../services.ts";

/** The signed-in user's own account: read it, rename it, and choose or change its password. */
export function profileHandlers(s: Services) {
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
        return loadProfile(db, c.var.auth.user);
      },
    },
    updateProfile: {
      success: "success.profileUpdated",
      handle: async (c, { fullName, locale }) => {
        const [user] = await db
          .update(users)
          .set({ ...(fullName === undefined ? {} : { fullName }), ...(locale === undefined ? {} : { locale }), updatedAt: s.now() })
          .where(eq(users.id, c.var.auth.user.id))
          .returning();
        return loadProfile(db, user!);
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
        // One conditional statement, its own transaction: two concurrent requests cannot both set a "first" password.
        const [updated] = await db
          .update(users)
          .set({ passwordHash, updatedAt: s.now() })
          .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
          .returning();
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
          // Only over the password just proven: a change made meanwhile by another request wins.
          const [updated] = await tx
            .update(users)
            .set({ passwordHash, updatedAt: now })
            .where(and(eq(users.id, user.id), eq(users.passwordHash, proven)))
            .returning({ id: users.id });
          if (!updated) return false;
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
