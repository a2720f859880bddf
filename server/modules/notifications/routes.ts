import { Hono } from "hono";
import { pushTokenSchema } from "../../../contract/index.ts";
import { requireAuth } from "../auth/index.ts";
import { pushSubscriptions } from "../../platform/db/schema.ts";
import { success } from "../../platform/http/envelope.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { Services } from "../../services.ts";
import { validateBody } from "../../platform/http/validate.ts";


/** Registers the signed-in user's push subscription; a token sent before by someone else moves here. */
export function pushRoutes(s: Services) {
  const db = s.database.db;
  return new Hono<AppEnv>().post("/user/push-token", requireAuth(s), async (c) => {
    const body = validateBody(c, pushTokenSchema);
    const now = s.now();
    const fields = {
      userId: c.var.auth.user.id,
      tokenCreatedAt: new Date(body.createdAt),
      endpoint: body.endpoint ?? null,
      auth: body.auth ?? null,
      p256dh: body.p256dh ?? null,
      swScope: body.swScope,
      vapidKey: body.vapidKey,
      updatedAt: now,
    };
    // One statement, so two users sending the same token at once cannot both keep it.
    await db
      .insert(pushSubscriptions)
      .values({ token: body.token, createdAt: now, ...fields })
      .onConflictDoUpdate({ target: pushSubscriptions.token, set: fields });
    return success(c, "success.pushTokenSaved");
  });
}
