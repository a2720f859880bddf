import { handlers } from "../../platform/http/api.ts";
import type { PlatformDeps } from "../../platform/deps.ts";

/**
 * GET as well as POST (the table says so), so load balancers and a browser tab can probe it. It
 * names the database kind and nothing more: version and uptime would help an attacker pick
 * exploits and timing.
 */
export function healthHandlers(deps: Pick<PlatformDeps, "database">) {
  return handlers({ health: { success: "success.health", handle: () => ({ database: deps.database.kind }) } });
}
