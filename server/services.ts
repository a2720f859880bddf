import type { CustomFetch } from "openid-client";
import type { Env } from "./env.ts";
import type { PasswordHasher } from "./modules/auth/index.ts";
import type { Database } from "./platform/db/open.ts";
import type { Logger } from "./platform/logging/logger.ts";
import type { MailService } from "./platform/mail/index.ts";
import type { PriceService } from "./modules/market/index.ts";
import type { Onramp } from "./modules/onramp/index.ts";

/** What createApp needs from the outside world; tests pass their own (a clock, a log sink). */
export interface AppDeps {
  database: Database;
  env: Env;
  logger: Logger;
  /** Absolute path of the built SPA. */
  staticDir: string;
  version: string;
  now?: () => Date;
  /** Defaults to scrypt; tests wrap it to count hash work. */
  hasher?: PasswordHasher;
  /** Defaults to the adapter the env selects (createMailService). */
  mail?: MailService;
  /** How the server reaches real social providers (Google, Apple, Facebook); tests pass a fake. */
  socialFetch?: CustomFetch;
  /** Defaults to the source the env selects (createPriceService); tests pass one over a failing source. */
  prices?: PriceService;
  /** Defaults to the provider the env selects, with no timers (server.ts starts them; tests tick by hand). */
  onramp?: Onramp;
}

/** AppDeps with every default filled in, as route groups receive them. */
export interface Services extends AppDeps {
  now: () => Date;
  hasher: PasswordHasher;
  mail: MailService;
  prices: PriceService;
  onramp: Onramp;
}
