// What the session-end and idle-warning tests share: a signed-in page on Chromium's clock under
// the test's control (Playwright's clock API), and waits for the page's own calls and turns.
import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import type { BrowserContext, Page, Request } from "playwright-core";
import type { BrowserHandle, ContextOptions } from "../browser.ts";

export const MINUTE = 60_000;
export const api = (path: string) => `/api/v1${path}`;

/** A context with its clock installed (before any page: every tab shares it), and its pages' calls recorded in order. */
export async function contextWithClock(b: BrowserHandle, token: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await b.newContext({ token, ...options });
  await context.clock.install();
  await context.addInitScript(recordCalls);
  return context;
}

interface SentCall {
  path: string;
  token: string | null;
}

/**
 * Runs in the page before its own scripts: notes each API call as the page sends it, with the
 * token it carries. Playwright's request events can arrive out of order when routes intercept
 * (two calls sent in one task), so "what was sent after the logout" is read from the page itself.
 */
function recordCalls() {
  const sent: SentCall[] = [];
  (window as unknown as { __sentCalls: SentCall[] }).__sentCalls = sent;
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname.startsWith("/api/")) {
      const headers = input instanceof Request ? input.headers : new Headers(init?.headers);
      sent.push({ path: url.pathname, token: headers.get("authorization")?.replace(/^Bearer /, "") ?? null });
    }
    return original.call(this, input, init);
  };
}

/** The API calls the page sent after its first call to `path`, with `token`, in the page's own order. */
export async function sentAfter(page: Page, path: string, token: string): Promise<string[]> {
  const sent = await page.evaluate(() => (window as unknown as { __sentCalls: SentCall[] }).__sentCalls);
  const at = sent.findIndex((call) => call.path === path);
  expect(at, `a call to ${path}`).toBeGreaterThanOrEqual(0);
  return sent
    .slice(at + 1)
    .filter((call) => call.token === token)
    .map((call) => call.path);
}

/**
 * A page of `context` at `path`, once the app has taken over its signed-in layout (a locator's wait,
 * which runs apart from the page's clock: that clock may be paused).
 */
export async function openSignedIn(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.locator("#root:not([inert]) .dashboard-layout").waitFor();
  return page;
}

/**
 * Stops the page's clock. Installed, it also runs on with real time, so what a check read, and
 * whether a notice's two seconds had passed, hung on how busy the machine was. Paused, the
 * page's time moves only when the test moves it, while real I/O (the logout call, the polls)
 * takes what real time it takes. Only once the app has started (its start-up yields on a timer);
 * pauseAt wants a time ahead of the page's, so the page first sleeps a minute (each due timer once).
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + MINUTE);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The calls sent with this token, and the paths the page goes to, from now on. */
export function watch(page: Page, token: string): { calls: Request[]; visited: string[] } {
  const calls: Request[] = [];
  const visited: string[] = [];
  page.on("request", (request) => request.headers()["authorization"] === `Bearer ${token}` && calls.push(request));
  page.on("framenavigated", (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
  return { calls, visited };
}

/** One task of the page's own (MessageChannel, which the clock leaves real): what was queued before it has run. */
export const pageTurn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

/** Until every call in `calls` has its whole answer, and the page has had its turns to act on them. */
export async function allAnswered(page: Page, calls: Request[]): Promise<void> {
  for (let answered = -1; answered !== calls.length;) {
    answered = calls.length;
    await Promise.all(calls.map(async (request) => (await request.response())?.finished()));
    await pageTurn(page);
    await pageTurn(page);
  }
}

/**
 * Moves the mouse on a paused page and waits until the inactivity watch has recorded it. The move
 * reaches the app at once, but the watch first reads the stored time (a promise) and only then
 * records the move and restarts its minute; on a busy machine a test that moved the clock sooner
 * shifted every later check by the time the app took. Polled from here: the page's clock is paused.
 */
export async function moveMouse(page: Page, x: number, y: number): Promise<void> {
  const recorded = () => page.evaluate(() => localStorage.getItem("lastActivityTime") === String(Date.now()));
  // The watch's listener is attached once its module has loaded after the page (src/features/auth/
  // services/actors.ts): a move before that goes unseen (CI, load 5), so the mouse moves again, to
  // a spot a pixel off (the same spot makes no event), until a move is recorded. A move seen but
  // still being recorded is harmless to repeat: at the same paused time it is within the throttle.
  for (let step = 0; ; step++) {
    await page.mouse.move(x + (step % 2), y);
    for (const until = Date.now() + 1000; Date.now() < until;) {
      if (await recorded()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(step, "a mouse move recorded as activity").toBeLessThan(30);
  }
}

/** Runs the page's clock `ms` on in steps of a second: every poll that is still alive fires. */
export async function runSeconds(page: Page, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1000) await page.clock.runFor(Math.min(1000, left));
}

/** Ends a session on the server, as a password change elsewhere would: the page's next call gets 401. */
export async function revoke(token: string): Promise<void> {
  const response = await fetch(`${inject("baseURL")}/api/v1/user/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`logout answered ${response.status}`);
}

/** A card buy of 100 USD of BTC awaiting payment (its page polls its status every 3 s). */
export async function pendingBuy(token: string): Promise<string> {
  const response = await fetch(`${inject("baseURL")}/api/v1/user/swipelux/sendOrder`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ asset: "BTC", currency: "USD", amount: "100", idempotencyKey: randomBytes(12).toString("base64url") }),
  });
  const body = (await response.json()) as { data?: { id?: string } };
  if (!body.data?.id) throw new Error(`sendOrder answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data.id;
}
