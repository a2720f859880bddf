// Inactivity in real Chromium, with Chromium's clock under the test's control (Playwright's
// clock API): 15 idle minutes pass in milliseconds, and a jump forward is a laptop waking up.
import { describe, expect, inject, it } from "vitest";
import type { Page, Request, Route } from "playwright-core";
import { sessionToken, setupBrowser } from "../browser.ts";
import { MINUTE, allAnswered, moveMouse, pageTurn, pathOf, pauseClock, watch } from "./session-helpers.ts";

const b = setupBrowser();

const LOGOUT = "/api/v1/user/logout";
/** Two of the dashboard's polls (every 5 s), both made with the session's token. */
const BALANCES = "/api/v1/user/balances";
const MARKET = "/api/v1/user/dashboard-market-info";

async function signedInWithClock(token: string, lang: "en" | "ar" = "en"): Promise<Page> {
  const context = await b.newContext({ lang, token });
  await context.clock.install();
  const page = await context.newPage();
  await page.goto("/dashboard");
  await page.locator(".sidebar").waitFor();
  return page;
}

const profileStatus = async (token: string) =>
  (await fetch(`${inject("baseURL")}/api/v1/user/get-profile-by-id`, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status;

const isCallTo = (paths: readonly string[]) => (request: Request) => paths.includes(new URL(request.url()).pathname);

describe("inactivity", () => {
  it("stays signed in while the user is active, and logs out after 15 idle minutes with the logout call, to /", async () => {
    const token = await sessionToken();
    const page = await signedInWithClock(token);
    await pauseClock(page);
    for (let minute = 0; minute < 20; minute++) {
      await moveMouse(page, 100 + minute, 200);
      await page.clock.runFor(MINUTE);
    }
    expect(pathOf(page)).toBe("/dashboard");
    expect(Number(await page.evaluate(() => localStorage.getItem("lastActivityTime")))).toBeGreaterThan(0);

    // The clock stands still between steps, so the checks fall on whole minutes after the last
    // move (a minute ago). At 14 idle minutes no check may log out; at 15 exactly neither (the
    // limit is "more than 15 minutes"): the logout call is not even sent.
    const { calls, visited } = watch(page, token);
    await page.clock.runFor(13 * MINUTE);
    expect(pathOf(page)).toBe("/dashboard");
    await page.clock.runFor(MINUTE);
    await allAnswered(page, calls);
    expect(calls.filter(isCallTo([LOGOUT]))).toEqual([]);
    expect(pathOf(page)).toBe("/dashboard");

    // The next check, a minute on, finds 16 idle minutes and makes the logout call. The clock then
    // stays put while the real call is answered: nothing on the way home waits on a timer.
    const loggedOut = page.waitForResponse((response) => isCallTo([LOGOUT])(response.request()), { timeout: 15_000 });
    await page.clock.runFor(MINUTE);
    expect((await loggedOut).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("status").filter({ hasText: "You were logged out after 15 minutes without activity." }).waitFor();

    // And stays there: the dashboard's polls that went out with the same token are refused (401)
    // once the logout has ended the session, and none of them may send the visitor to /login.
    await allAnswered(page, calls);
    expect(visited).toEqual(["/"]);
    expect(pathOf(page)).toBe("/");
    expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
    expect(await profileStatus(token)).toBe(401);
    await page.context().close();
  });

  it("polls in flight when the idle logout starts, refused before or after the logout's answer, leave the visitor at /; none is sent meanwhile", async () => {
    const token = await sessionToken();
    const page = await signedInWithClock(token);
    await pauseClock(page);
    const { calls, visited } = watch(page, token);
    // The order a busy network may give: the logout call ends the session on the server, but its
    // answer reaches the page late; a balances poll that was in flight is refused (401) before it,
    // a market poll in flight reaches the server only once the visitor is home.
    let logoutSent!: (route: Route) => void;
    const logout = new Promise<Route>((resolve) => (logoutSent = resolve));
    const held: Record<string, Route[]> = { [BALANCES]: [], [MARKET]: [] };
    await page.route(`**${LOGOUT}`, (route) => logoutSent(route));
    for (const path of [BALANCES, MARKET]) await page.route(`**${path}`, (route) => void held[path]!.push(route));

    // 16 idle minutes and more: a check logs out; each feed's poll of that moment is held.
    await page.clock.runFor(17 * MINUTE);
    const logoutRoute = await logout;
    const logoutAt = calls.findIndex(isCallTo([LOGOUT]));
    expect(held[BALANCES]!.length + held[MARKET]!.length).toBeGreaterThan(0);
    const logoutAnswer = await logoutRoute.fetch();
    expect(logoutAnswer.status()).toBe(200);
    for (const route of held[BALANCES]!) await route.continue();
    await Promise.all(held[BALANCES]!.map(async (route) => (await route.request().response())?.finished()));
    await pageTurn(page);
    await pageTurn(page);
    // Half a minute of the page's time while the logout's answer is held: no feed polls on.
    for (let second = 0; second < 30; second++) await page.clock.runFor(1000);
    expect(calls.slice(logoutAt + 1).map((call) => call.url())).toEqual([]);
    expect(pathOf(page)).toBe("/dashboard");

    await logoutRoute.fulfill({ response: logoutAnswer });
    await page.waitForURL((url) => url.pathname === "/");
    for (const route of held[MARKET]!) await route.continue();
    await allAnswered(page, calls);
    const refused = [...held[BALANCES]!, ...held[MARKET]!];
    expect(await Promise.all(refused.map(async (route) => (await route.request().response())?.status()))).toEqual(refused.map(() => 401));
    expect(visited).toEqual(["/"]);
    expect(pathOf(page)).toBe("/");
    expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
    await page.context().close();
  });

  it("a laptop waking after an hour logs out at the first check", async () => {
    const token = await sessionToken();
    const page = await signedInWithClock(token, "ar");
    // Fires each due timer once, as a machine waking from sleep does: the first check finds 60 idle minutes.
    await page.clock.fastForward(60 * MINUTE);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("status").filter({ hasText: "سُجّل خروجك بعد 15 دقيقة دون نشاط." }).waitFor();
    expect(await profileStatus(token)).toBe(401);
    await page.context().close();
  });

  it("a touch after sleeping checks the idle time before it counts as activity", async () => {
    const token = await sessionToken();
    const page = await signedInWithClock(token);
    // Time moves on but no timer fires (the lid was closed); then the user moves the mouse, on and
    // on as on waking: the watch's listener is attached once its module has loaded after the page
    // (at load 5 a single early move went unseen). A touch counted as activity without the check
    // would revive the session, and the moves would keep it alive: no logout within the bound.
    await page.clock.setSystemTime(Date.now() + 60 * MINUTE);
    for (let step = 0; new URL(page.url()).pathname !== "/"; step++) {
      expect(step, "a touch logs out").toBeLessThan(150);
      await page.mouse.move(300 + (step % 50), 300);
      await page.waitForTimeout(200);
    }
    expect(await profileStatus(token)).toBe(401);
    await page.context().close();
  });

  it("activity in one tab keeps the other tabs signed in", async () => {
    const token = await sessionToken();
    const busy = await signedInWithClock(token);
    const context = busy.context();
    const idle = await context.newPage();
    await idle.goto("/portfolio");
    await idle.locator(".sidebar").waitFor();
    for (let minute = 0; minute < 20; minute++) {
      await busy.mouse.move(100 + minute, 200);
      // One clock for the whole context: both tabs live through the same 20 minutes.
      await context.clock.runFor(MINUTE);
    }
    expect(new URL(idle.url()).pathname).toBe("/portfolio");
    expect(await profileStatus(token)).toBe(200);
    await context.close();
  });
});
