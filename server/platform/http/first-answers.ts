import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { FIRST_ANSWERS_ELEMENT_ID, firstCallsOf, pageSessionCookie, quoteCookie, quoteOf, type FirstAnswer } from "../../../contract/firstAnswers.ts";
import { routes } from "../../../contract/routes.ts";
import type { Locale } from "../i18n/index.ts";

/** A page's first answers for a request, or null when it gets none. */
export type FirstAnswersFor = (c: Context, pathname: string, locale: Locale) => Promise<FirstAnswer[] | null>;

/** What it needs of the app: to serve a request in-process (Hono's `app.request`). */
interface InProcess {
  request(input: URL, init: RequestInit, env?: unknown): Response | Promise<Response>;
}

// What a session token looks like (32 random bytes, base64url); anything else is not even tried.
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * Makes a signed-in page's first calls (contract/firstAnswers.ts) in-process, through the whole
 * API (its middleware, its session check, its handlers) with the token of the page's cookie, so
 * the answers are exactly those the SPA would get. Null when the page makes none, there is no
 * cookie, or the session is not live: the SPA then calls the API itself and meets the 401 there.
 * An answer that is not a success is left out (the SPA asks again, and shows what it gets).
 */
export function firstAnswers(app: InProcess, base: string): FirstAnswersFor {
  return async (c, pathname, locale) => {
    const raw = getCookie(c, pageSessionCookie);
    if (!raw || !TOKEN.test(raw)) return null;
    const calls = firstCallsOf(pathname, quoteOf(getCookie(c, quoteCookie)));
    if (calls.length === 0) return null;
    const answered = await Promise.all(
      calls.map(async ({ route, body }) => {
        const path = routes[route].path;
        const json = JSON.stringify(body);
        const response = await app.request(
          new URL(base + path, c.req.url),
          {
            method: "POST",
            headers: {
              Authorization: `Bearer ${raw}`,
              "Content-Type": "application/json",
              Accept: "application/json",
              "Accept-Language": locale,
              "Accept-Encoding": "identity",
            },
            body: json,
          },
          // The same connection's facts (its address, for limits and logs) as the page's request.
          c.env,
        );
        const envelope = (await response.json().catch(() => null)) as FirstAnswer["envelope"] | null;
        return { status: response.status, answer: response.status === 200 && envelope?.status === "success" ? { route, body: json, envelope } : null };
      }),
    );
    if (answered.some(({ status }) => status === 401)) return null;
    return answered.flatMap(({ answer }) => (answer ? [answer] : []));
  };
}

/**
 * The answers as an element of the page: JSON in a script of type application/json, which the
 * browser never runs (the CSP's script rules do not apply to it). `<` is escaped, so no text in
 * the data can close the element.
 */
export function firstAnswersElement(answers: FirstAnswer[]): string {
  const json = JSON.stringify(answers)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json}</script>`;
}
