import { handlers } from "../../platform/http/api.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { pushSubscriptions } from "./schema.ts";

/** Registers the signed-in user's push subscription; a token sent before by someone else moves here. */
export function pushHandlers(s: Pick<PlatformDeps, "database" | "now">) {
  const db = s.database.db;
  return handlers({
    pushToken: {
      success: "success.pushTokenSaved",
      handle: async (c, body) => {
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
        return null;
      },
    },
  });
}
