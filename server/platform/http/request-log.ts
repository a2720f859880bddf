import { createMiddleware } from "hono/factory";
import type { Logger } from "../logging/logger.ts";
import { nodeBindings } from "./node.ts";
import type { AppEnv } from "./types.ts";

/** One line per request, written after the response is decided. */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    // A response written straight to Node (the embedded OpenID provider) has its status there.
    const status = c.res.headers.has("x-hono-already-sent") ? (nodeBindings(c)?.outgoing.statusCode ?? c.res.status) : c.res.status;
    const fields = {
      reqId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  });
}
