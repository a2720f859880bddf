import { Hono } from "hono";
import { success } from "../http/envelope.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";

/** GET as well as POST, so load balancers and a browser tab can probe it. */
export function healthRoutes(deps: AppDeps) {
  const started = Date.now();
  return new Hono<AppEnv>().on(["GET", "POST"], "/health", (c) =>
    success(c, "success.health", {
      database: deps.database.kind,
      version: deps.version,
      uptime: Math.floor((Date.now() - started) / 1000),
    }),
  );
}
