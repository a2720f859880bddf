import type { CustomFetch } from "openid-client";
import type { Env } from "./env.ts";
import type { PasswordHasher } from "./modules/auth/index.ts";
import type { Ledger } from "./modules/ledger/index.ts";
import type { Database } from "./platform/db/open.ts";
import type { Logger } from "./platform/logging/logger.ts";
import type { MailService } from "./platform/mail/index.ts";
import type { PriceService } from "./modules/market/index.ts";
import type { Onramp } from "./modules/onramp/index.ts";
import type { Kyc } from "./modules/kyc/index.ts";
import type { Files } from "./modules/files/index.ts";
import type { devWithdrawClock, Withdrawals } from "./modules/withdrawals/index.ts";

/**
 * What createApp needs from the outside world; tests pass their own (a clock, a log sink). Only the
 * composition root reads this: each module states its own dependencies (AuthDeps, MarketDeps, …).
 */
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
  /** Defaults to a ledger over the database; the on-ramp given (if any) must be over the same one. */
  ledger?: Ledger;
  /** Defaults to the provider the env selects, with no timers (server.ts starts them; tests tick by hand). */
  onramp?: Onramp;
  /** Defaults to the identity provider the env selects, with no timers (server.ts starts the sandbox's). */
  kyc?: Kyc;
  /** Defaults to the files service over the store the env selects (a folder under DATA_DIR, or S3). */
  files?: Files;
  /** Defaults to withdrawals over this app's ledger and clock, with no timers (server.ts starts them; tests tick by hand). */
  withdrawals?: Withdrawals;
  /** The withdrawals' movable clock of the development tools (POST /dev/withdrawals/clock); none in tests. */
  withdrawClock?: ReturnType<typeof devWithdrawClock>;
}
