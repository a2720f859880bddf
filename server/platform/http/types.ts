import type { Locale } from "../i18n/index.ts";

/** What every request carries; c.var.auth is only in SessionEnv, for routes behind the session guard. */
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

/**
 * What the session guard sets for the routes behind it. The platform knows no module, so the
 * auth module declares the fields (its AuthContext); no other route's context has them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the auth module's declaration
export interface SessionVariables {}

/** The context of a route the table marks `auth: "session"`: c.var.auth is there. */
export interface SessionEnv {
  Variables: AppEnv["Variables"] & SessionVariables;
}
