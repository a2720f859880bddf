// The one body limit of every route that reads a body: a declared length is judged before anything
// is read; a streamed (chunked) body is counted as it comes and given up on at the limit, so a
// huge body never sits in memory (what is left unread, @hono/node-server drains up to a bound and
// then closes the connection).
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

export function limitBody<C extends Context>(maxBytes: number, tooLarge: (c: C) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c as C) });
  return (c, next) => {
    // A GET or HEAD carries no body to read; skipping them spares building a web Request for each.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // A declared length is enough (Node's parser reads exactly that many bytes), and deciding on it
    // spares building a web Request for every call.
    const length = c.req.header("Content-Length");
    if (length !== undefined && /^\d+$/.test(length) && c.req.header("Transfer-Encoding") === undefined) {
      return Number(length) > maxBytes ? Promise.resolve(tooLarge(c as C)) : next();
    }
    return streamed(c, next);
  };
}

/** Outside /api, bodies are small forms (sign-in callbacks, the sandbox's card form, dev tools) and the provider's webhook. */
export const PAGE_BODY_MAX_BYTES = 64 * 1024;
