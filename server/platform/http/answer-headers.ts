import type { Context } from "hono";

/**
 * Sets a header on the answer a handler has already made (middleware after `next()`), in place.
 * Hono's `c.header()` at that point rebuilds the answer around a stream of its body, which
 * @hono/node-server then writes chunk by chunk through a web stream instead of in one piece: about
 * a tenth of the server's CPU per trading call (`npm run bench:quotes` with BENCH_CPU_PROF). An
 * answer whose headers cannot change (one fetched from elsewhere) is rebuilt as before.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
