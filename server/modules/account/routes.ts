import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { changePasswordSchemaFor, LOGIN_PASSWORD_MAX_LENGTH, setPasswordSchemaFor, updateProfileSchema } from "../../../contract/index.ts";
import { beginAttempt, checkPassword, newPasswordCheck, publicProfile, requireAuth, revokeUserSessions } from "../auth/index.ts";
import { users } from "../../platform/db/schema.ts";
import { ApiError, success } from "../../platform/http/envelope.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { Services } from "../../services.ts";
import { validateBody } from "../../platform/http/validate.ts";

// Only the signed-in user's own profile exists for now; an id naming anyone else is refused.
const profileRequest = z.looseObject({ id: z.string().optional(), _id: z.string().optional() });

const passwordAlreadySet = () => new ApiError(409, "error.passwordAlreadySet", { reason: "passwordAlreadySet" });
const currentPasswordWrong = () => new ApiError(400, "error.currentPasswordWrong", { reason: "currentPasswordWrong" });

/** The signed-in user's own account: read it, rename it, and choose or change its password. */
export function profileRoutes(s: Services) {
  const db = s.database.db;
  // Per route, not .use(): this group is mounted at the API root, so .use() would guard every path.
  const auth = requireAuth(s);
  return new Hono<AppEnv>()
    .post("/user/get-profile-by-id", auth, (c) => {
      const parsed = profileRequest.safeParse(c.var.body);
      if (!parsed.success) throw new ApiError(400, "error.badRequest");
      const asked = parsed.data.id ?? parsed.data._id;
      if (asked !== undefined && asked !== c.var.auth.user.id) throw new ApiError(403, "error.forbidden");
      return success(c, "success.profile", publicProfile(c.var.auth.user));
    })
    .post("/user/update-profile", auth, async (c) => {
      const { fullName, locale } = validateBody(c, updateProfileSchema);
      const [user] = await db
        .update(users)
        .set({ ...(fullName === undefined ? {} : { fullName }), ...(locale === undefined ? {} : { locale }), updatedAt: s.now() })
        .where(eq(users.id, c.var.auth.user.id))
        .returning();
      return success(c, "success.profileUpdated", publicProfile(user!));
    })
    .post("/user/set-password", auth, async (c) => {
      const { user } = c.var.auth;
      if (user.passwordHash) throw passwordAlreadySet();
      const { password } = validateBody(c, setPasswordSchemaFor(user.email), { fieldCheck: newPasswordCheck("password") });
      const passwordHash = await s.hasher.hash(password);
      // One conditional statement, its own transaction: two concurrent requests cannot both set a "first" password.
      const [updated] = await db
        .update(users)
        .set({ passwordHash, updatedAt: s.now() })
        .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
        .returning();
      if (!updated) throw passwordAlreadySet();
      return success(c, "success.passwordSet", publicProfile(updated));
    })
    .post("/user/changepassword", auth, async (c) => {
      const { user, session } = c.var.auth;
      const body = validateBody(c, changePasswordSchemaFor(user.email), {
        fieldCheck: newPasswordCheck("newPassword"),
        fieldValues: { currentPassword: { max: LOGIN_PASSWORD_MAX_LENGTH } },
      });
      const now = s.now();
      // Guessing the current password through a stolen session is limited like a login.
      const attempt = await beginAttempt(db, { action: "changepassword", account: user.email, address: c.var.clientAddress, now });
      const right = await attempt.check(
        async () => (await checkPassword(s.hasher, body.currentPassword, user.passwordHash)) && !!user.passwordHash,
        (right) => right,
      );
      if (!right || !user.passwordHash) throw currentPasswordWrong();
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
      if (!changed) throw currentPasswordWrong();
      return success(c, "success.passwordChanged");
    });
}
