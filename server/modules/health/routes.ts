import { Hono } from "hono";
import { success } from "../../platform/http/envelope.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { AppDeps } from "../../services.ts";

/**
 * GET as well as POST, so load balancers and a browser tab can probe it. It names the database
 * kind and nothing more: version and uptime would help an attacker pick exploits and timing.
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().on(["GET", "POST"], "/health", (c) => success(c, "success.health", { database: deps.database.kind }));
}
