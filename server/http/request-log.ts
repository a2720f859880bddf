import { createMiddleware } from "hono/factory";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./types.ts";

/** One line per request, written after the response is decided. */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
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
