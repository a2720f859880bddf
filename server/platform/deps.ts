import type { Env } from "../env.ts";
import type { Database } from "./db/open.ts";
import type { Logger } from "./logging/logger.ts";

/**
 * What the composition root gives every module that asks: the database, the settings, the log and
 * the clock. A module states its own dependencies as a part of these plus the services it uses.
 */
export interface PlatformDeps {
  database: Database;
  env: Env;
  logger: Logger;
  now: () => Date;
}
