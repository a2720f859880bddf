import { IncomingMessage, ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";

/**
 * The raw Node request and response under @hono/node-server; undefined under app.request() in
 * tests, which has no socket. Only the embedded OpenID provider (a Node handler) needs them.
 */
export function nodeBindings(c: Context): HttpBindings | undefined {
  const env = c.env as Partial<HttpBindings> | undefined;
  return env?.incoming instanceof IncomingMessage && env.outgoing instanceof ServerResponse ? (env as HttpBindings) : undefined;
}

/** The socket this request came in on: an address this process can always reach itself at. */
export function localAddress(c: Context): { host: string; port: number } | undefined {
  const socket = nodeBindings(c)?.incoming.socket;
  if (!socket?.localAddress || !socket.localPort) return undefined;
  return { host: socket.localAddress.replace(/^::ffff:/, ""), port: socket.localPort };
}

const PROTO = /^https?$/;
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const first = (header: string | undefined) => header?.split(",")[0]?.trim();

/**
 * The scheme and host the browser used. Behind a proxy (TRUST_PROXY) those are the left-most
 * X-Forwarded-Proto and X-Forwarded-Host, which such a proxy must set itself, as for the client
 * address; malformed values fall back to the request's own.
 */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (!trustProxy) return url.origin;
  const proto = first(c.req.header("X-Forwarded-Proto"))?.toLowerCase();
  const host = first(c.req.header("X-Forwarded-Host"));
  return `${proto && PROTO.test(proto) ? proto : url.protocol.slice(0, -1)}://${host && HOST.test(host) ? host.toLowerCase() : url.host}`;
}
