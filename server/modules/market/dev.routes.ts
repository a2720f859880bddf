import { Hono } from "hono";
import { devToolsEnabled } from "../../platform/http/hosts.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { Env } from "../../env.ts";
import type { PriceService } from "./prices.ts";

/**
 * POST /dev/prices/pause and /dev/prices/resume: the price source fails as if unreachable, then
 * comes back, so a developer (or an end-to-end test) can see prices go stale. Only with the
 * development tools on; elsewhere 404.
 */
export function devPriceRoutes(s: { env: Env; prices: Pick<PriceService, "pause" | "resume"> }) {
  const enabled = devToolsEnabled(s.env);
  return new Hono<AppEnv>().post("/dev/prices/:action{pause|resume}", (c) => {
    if (!enabled) return c.text("Not found", 404);
    if (c.req.param("action") === "pause") s.prices.pause();
    else s.prices.resume();
    return c.json({ status: "success", paused: c.req.param("action") === "pause" }, 200, { "Cache-Control": "no-store" });
  });
}
