import { createMiddleware } from "hono/factory";
import { ApiError } from "../../platform/http/envelope.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import type { Session, User } from "./schema.ts";
import { sessionCacheFor } from "./session-cache.ts";
import { authenticateToken } from "./sessions.ts";

export interface AuthContext {
  user: User;
  session: Session;
}

// c.var.auth, typed on every route: the platform knows no module, so the guard's variable is
// declared here, the way Hono documents for a middleware's own variables.
declare module "hono" {
  interface ContextVariableMap {
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
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!token) throw new ApiError(401, "error.unauthorized");
    const auth = await authenticateToken(deps.database.db, token, {
      now: deps.now?.() ?? new Date(),
      idleMinutes: deps.env.SESSION_IDLE_MINUTES,
      cache,
    });
    if (!auth) throw new ApiError(401, "error.unauthorized");
    c.set("auth", auth);
    await next();
  });
}
