// Nothing of a session acts after it ends (issue 25 #1), in real Chromium on a clock the test
// moves: on each signed-in page with its feeds running (dashboard, market, portfolio, a pending
// buy), the idle logout and a laptop waking after 16 minutes end on / and a 401 on /login, and
// each stays there while the clock runs on; no call of the session is sent once it is ending; a
// call in flight across a sign-out or a switch of account changes nothing when it is answered.
import { describe, expect, it } from "vitest";
import type { Page, Request, Route } from "playwright-core";
import { sessionToken, setupBrowser } from "../browser.ts";
import {
  MINUTE,
  allAnswered,
  api,
  contextWithClock,
  openSignedIn,
  pageTurn,
  pathOf,
  pauseClock,
  pendingBuy,
  revoke,
  runSeconds,
  sentAfter,
  watch,
} from "./session-helpers.ts";

const b = setupBrowser();

const LOGOUT = api("/user/logout");
const BALANCES = api("/user/balances");
const MARKET = api("/user/dashboard-market-info");
const isCallTo = (path: string) => (request: Request) => new URL(request.url()).pathname === path;

const pages: [string, (token: string) => Promise<string>][] = [
  ["the dashboard", async () => "/dashboard"],
  ["the market", async () => "/market"],
  ["the portfolio", async () => "/portfolio"],
  ["a pending buy", async (token) => `/buy?order=${await pendingBuy(token)}`],
];

async function signedInOn(pathFor: (token: string) => Promise<string>, { paused = true } = {}) {
  const token = await sessionToken();
  const context = await contextWithClock(b, token);
  const page = await openSignedIn(context, await pathFor(token));
  if (paused) await pauseClock(page);
  return { token, page, ...watch(page, token) };
}

/** Half a minute more of the page's time, second by second, then every call's answer: the page must not move. */
async function staysOn(page: Page, path: string, calls: Request[], visited: string[]) {
  await runSeconds(page, 30_000);
  await allAnswered(page, calls);
  expect(visited).toEqual([path]);
  expect(pathOf(page)).toBe(path);
  expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
}

describe.each(pages)("on %s, with its feeds running", (_, pathFor) => {
  it("the idle logout ends on / and stays; nothing of the session is sent while the logout is under way", async () => {
    const { token, page, calls, visited } = await signedInOn(pathFor);
    // The logout's answer is held while the page's clock runs on: a feed still alive would poll.
    let held!: (route: Route) => void;
    const logout = new Promise<Route>((resolve) => (held = resolve));
    await page.route(`**${LOGOUT}`, (route) => held(route));
    await page.clock.runFor(17 * MINUTE);
    const route = await logout;
    await runSeconds(page, 20_000);
    // In the page's own order (Playwright's request events may swap two calls sent in one task).
    expect((await sentAfter(page, LOGOUT, token)).join(", "), "sent after the logout").toBe("");
    await route.continue();
    await page.waitForURL((url) => url.pathname === "/");
    await staysOn(page, "/", calls, visited);
    expect((await sentAfter(page, LOGOUT, token)).join(", "), "sent after the logout").toBe("");
    await page.context().close();
  });

  it("a laptop waking after 16 idle minutes ends on / and stays", async () => {
    const { page, calls, visited } = await signedInOn(pathFor, { paused: false });
    await page.clock.fastForward("16:00");
    await page.waitForURL((url) => url.pathname === "/");
    await staysOn(page, "/", calls, visited);
    await page.context().close();
  });
});

describe.each(pages.filter(([name]) => name !== "the market"))("on %s, a 401", (_, pathFor) => {
  it("ends on /login and stays", async () => {
    const { token, page, calls, visited } = await signedInOn(pathFor);
    await revoke(token);
    // The next poll is refused (polls are real calls: bounded in real time, generously).
    for (const until = Date.now() + 30_000; pathOf(page) !== "/login";) {
      expect(Date.now(), "a poll refused with 401").toBeLessThan(until);
      await page.clock.runFor(1000);
      await allAnswered(page, calls);
    }
    await staysOn(page, "/login", calls, visited);
    await page.context().close();
  });
});

describe("a call in flight", () => {
  it("across a sign-out: answered afterwards (401 or a fault), it changes nothing", async () => {
    const { page, calls, visited } = await signedInOn(async () => "/dashboard");
    const heldPolls: Route[] = [];
    await page.route(`**${BALANCES}`, (route) => void heldPolls.push(route));
    await page.route(`**${MARKET}`, (route) => void heldPolls.push(route));
    for (const until = Date.now() + 20_000; heldPolls.length < 2;) {
      expect(Date.now(), "both polls held").toBeLessThan(until);
      await page.clock.runFor(1000);
    }
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // The balances poll is refused as the ended session's; the market poll meets a server fault.
    await heldPolls[0]!.continue();
    await heldPolls[1]!.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ status: "error", message: "Server fault", data: null }),
    });
    await staysOn(page, "/", calls, visited);
    expect(await page.getByText("Server fault").count()).toBe(0);
    await page.context().close();
  });

  it("across a switch of account: the old account's answers (data or 401) reach nothing, and the new session polls with its own token", async () => {
    const first = await signedInOn(async () => "/dashboard");
    const { page } = first;
    const secondToken = await sessionToken("switchTo");
    const heldPolls: Route[] = [];
    await page.route(`**${BALANCES}`, (route) =>
      route.request().headers()["authorization"] === `Bearer ${first.token}` ? void heldPolls.push(route) : route.continue(),
    );
    for (const until = Date.now() + 20_000; heldPolls.length < 1;) {
      expect(Date.now(), "a balances poll held").toBeLessThan(until);
      await page.clock.runFor(1000);
    }
    // Another tab signs in as someone else.
    const other = await page.context().newPage();
    await other.goto("/");
    const second = watch(page, secondToken);
    await other.evaluate((token) => localStorage.setItem("authUser", JSON.stringify({ Token: token })), secondToken);
    for (const until = Date.now() + 20_000; !second.calls.some(isCallTo(BALANCES));) {
      expect(Date.now(), "the new session's balances poll").toBeLessThan(until);
      await page.clock.runFor(1000);
    }
    await allAnswered(page, second.calls);
    // The old account's balances, answered now, with an amount no account here holds.
    const currency = (heldPolls[0]!.request().postDataJSON() as { currency: string }).currency;
    const oldBalances = { currency, balances: [{ asset: "BTC", available: "424242", held: "0", value: "424242" }], total: "424242" };
    await heldPolls[0]!.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ status: "success", message: "", data: oldBalances }) });
    await allAnswered(page, first.calls);
    await pageTurn(page);
    expect(await page.getByText(/424[,٬]?242/).count()).toBe(0);
    expect(pathOf(page)).toBe("/dashboard");
    expect(first.visited).toEqual([]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("authUser") ?? "null"))).toEqual({ Token: secondToken });
    await page.context().close();
  });
});
