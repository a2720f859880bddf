import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Env } from "../../env.ts";
import { translate } from "../i18n/index.ts";
import { failure } from "./envelope.ts";
import { requestOrigin } from "./node.ts";
import type { AppEnv } from "./types.ts";

type HostSettings = Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "ALLOWED_HOSTS" | "TRUST_PROXY" | "HOST" | "DEV_TOOLS">;

/** localhost, *.localhost (RFC 6761), 127.0.0.0/8 and ::1: names only this machine can use. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(name) || name === "::1" || name === "::ffff:127.0.0.1";
}

/**
 * The host names this server answers to: PUBLIC_URL's and ALLOWED_HOSTS (a leading dot allows
 * sub-domains), plus loopback names outside production. Anything else is a forged or misrouted
 * Host header, which would otherwise end up in links and in the stand-in provider's issuer.
 */
export function hostnameAllowed(env: HostSettings, hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (env.PUBLIC_URL && new URL(env.PUBLIC_URL).hostname === name) return true;
  for (const allowed of env.ALLOWED_HOSTS) {
    if (allowed.startsWith(".") ? name === allowed.slice(1) || name.endsWith(allowed) : name === allowed) return true;
  }
  return env.NODE_ENV !== "production" && isLoopbackHostname(name);
}

/**
 * The embedded development tools (the dev mailbox, which shows everyone's codes, and the
 * stand-in identity provider, which signs anyone in) never run in production, and on a
 * network-facing address only when DEV_TOOLS=on says so.
 */
export function devToolsEnabled(env: Pick<Env, "NODE_ENV" | "HOST" | "DEV_TOOLS">): boolean {
  if (env.NODE_ENV === "production" || env.DEV_TOOLS === "off") return false;
  return env.DEV_TOOLS === "on" || isLoopbackHostname(env.HOST);
}

/**
 * Where links in e-mails point. Production always has PUBLIC_URL (the server refuses to start
 * without it); elsewhere the request's own origin, which hostGuard has already limited to
 * loopback and configured names.
 */
export function linkOrigin(env: HostSettings, c: Context<AppEnv>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const origin = requestOrigin(c, env.TRUST_PROXY);
  if (env.NODE_ENV === "production" || !hostnameAllowed(env, new URL(origin).hostname)) {
    throw new Error("no trustworthy origin for a link: PUBLIC_URL is unset and the request's host is not allowed");
  }
  return origin;
}

/** Refuses requests whose Host (or trusted X-Forwarded-Host) is not one of ours: 421 Misdirected Request. */
export function hostGuard(env: HostSettings) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { hostname } = new URL(requestOrigin(c, env.TRUST_PROXY));
    if (hostnameAllowed(env, hostname)) return next();
    c.header("Cache-Control", "no-store");
    if (c.req.path.startsWith("/api/")) return failure(c, 421, "error.hostNotAllowed");
    return c.text(translate(c.var.locale, "error.hostNotAllowed"), 421, { "Content-Language": c.var.locale });
  });
}
