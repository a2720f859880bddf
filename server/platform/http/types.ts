import type { Locale } from "../i18n/index.ts";

/** What every request carries; the auth module adds c.var.auth for routes behind its guard. */
export interface AppEnv {
  Variables: {
    requestId: string;
    locale: Locale;
    /** The parsed JSON body of a POST/PUT to /api ({} when the request had none). */
    body: unknown;
    /** The body as the route's schema parsed it (set by bodyValidation, read by the route's handler). */
    valid: unknown;
    /** The client's address, for per-address rate limits. */
    clientAddress: string;
    /** Words of the account a new password is for, when the route looked them up (a reset's account name). */
    passwordContext?: string[];
  };
}
