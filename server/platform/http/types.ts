import type { Locale } from "../i18n/index.ts";
import type { Session, User } from "../db/schema.ts";

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
