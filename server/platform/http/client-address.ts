import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./types.ts";

/**
 * Sets c.var.clientAddress: the socket's peer, or with TRUST_PROXY the left-most
 * X-Forwarded-For entry, which is the client only if the proxy in front replaces that header
 * rather than appending to what the client sent. "unknown" when there is no socket (app.request).
 */
export function clientAddress(trustProxy: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const forwarded = trustProxy ? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() : undefined;
    c.set("clientAddress", forwarded || socketAddress(c) || "unknown");
    await next();
  });
}

function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
