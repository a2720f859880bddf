import type { CustomFetch } from "openid-client";
import type { PasswordHasher } from "../auth/password.ts";
import type { Database } from "../db/open.ts";
import type { Env } from "../env.ts";
import type { Locale } from "../i18n/index.ts";
import type { Logger } from "../logger.ts";
import type { MailService } from "../mail/index.ts";
import type { Session, User } from "../db/schema.ts";

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
}

/** AppDeps with every default filled in, as route groups receive them. */
export interface Services extends AppDeps {
  now: () => Date;
  hasher: PasswordHasher;
  mail: MailService;
}

export interface AuthContext {
  user: User;
  session: Session;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    locale: Locale;
    /** The parsed JSON body of a POST/PUT to /api ({} when the request had none). */
    body: unknown;
    auth: AuthContext;
    /** The client's address, for per-address rate limits. */
    clientAddress: string;
  };
}
