import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { refusal } from "../../platform/http/refuse.ts";
import type { AppEnv, SessionEnv } from "../../platform/http/types.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import type { Session, User } from "./schema.ts";
import { sessionCacheFor } from "./session-cache.ts";
import { authenticateToken } from "./sessions.ts";

export interface AuthContext {
  user: User;
  session: Session;
}

// c.var.auth, typed only in the context of routes behind this guard (SessionEnv): the platform
// knows no module, so the guard's variable is declared here.
declare module "../../platform/http/types.ts" {
  interface SessionVariables {
    auth: AuthContext;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

/**
 * For a public route that says more to a signed-in caller: the session of the bearer token if it
 * is live, else null (no token, or one that is unknown or expired, is simply a visitor).
 */
export function readOptionalAuth(deps: Pick<PlatformDeps, "database" | "env" | "now">) {
  const cache = sessionCacheFor(deps.database);
  return async (authorization: string | undefined): Promise<AuthContext | null> => {
    const token = BEARER.exec(authorization ?? "")?.[1];
    if (!token) return null;
    return authenticateToken(deps.database.db, token, { now: deps.now?.() ?? new Date(), idleMinutes: deps.env.SESSION_IDLE_MINUTES, cache });
  };
}

/** Guards a route: a live session for the bearer token, or 401 error.unauthorized. */
export function requireAuth(deps: Pick<PlatformDeps, "database" | "env" | "now">) {
  // One per database, shared by every guarded route; it starts listening for revocations now.
  const cache = sessionCacheFor(deps.database);
  // Every session route documents the 401 (a contract test checks it); the guard serves them all.
  return createMiddleware<SessionEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!token) throw refusal(401);
    const auth = await authenticateToken(deps.database.db, token, {
      now: deps.now?.() ?? new Date(),
      idleMinutes: deps.env.SESSION_IDLE_MINUTES,
      cache,
    });
    if (!auth) throw refusal(401);
    c.set("auth", auth);
    await next();
  });
}

/**
 * The session on a route that may or may not be behind the guard (a new password's checks serve
 * sign-up and change-password alike): the guard's variable when it ran, else undefined.
 */
export function guardedSession(c: Context<AppEnv>): AuthContext | undefined {
  return (c.var as Partial<SessionEnv["Variables"]>).auth;
}
