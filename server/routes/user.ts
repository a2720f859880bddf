import { Hono } from "hono";
import { z } from "zod";
import { publicProfile } from "../auth/profile.ts";
import { requireAuth } from "../auth/require-auth.ts";
import { revokeSession } from "../auth/sessions.ts";
import { ApiError, success } from "../http/envelope.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";

// Only the signed-in user's own profile exists for now; an id naming anyone else is refused.
const profileRequest = z.looseObject({ id: z.string().optional(), _id: z.string().optional() });

export function userRoutes(deps: AppDeps) {
  const auth = requireAuth(deps);
  return new Hono<AppEnv>()
    .post("/user/get-profile-by-id", auth, (c) => {
      const parsed = profileRequest.safeParse(c.var.body);
      if (!parsed.success) throw new ApiError(400, "error.badRequest");
      const asked = parsed.data.id ?? parsed.data._id;
      if (asked !== undefined && asked !== c.var.auth.user.id) throw new ApiError(403, "error.forbidden");
      return success(c, "success.profile", publicProfile(c.var.auth.user));
    })
    .post("/user/logout", auth, async (c) => {
      await revokeSession(deps.database.db, c.var.auth.session.id, deps.now?.() ?? new Date());
      return success(c, "success.loggedOut");
    });
}
