// Inactivity in real Chromium, with Chromium's clock under the test's control (Playwright's
// clock API): 15 idle minutes pass in milliseconds, and a jump forward is a laptop waking up.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, seedStorage, sessionToken, viewports } from "../browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const MINUTE = 60_000;

async function signedInWithClock(token: string, lang: "en" | "ar" = "en"): Promise<Page> {
  const context = await browser.newContext({ viewport: viewports.desktop, baseURL: inject("baseURL") });
  await context.clock.install();
  await seedStorage(context, { lang, token });
  const page = await context.newPage();
  await page.goto("/dashboard");
  await page.locator(".sidebar").waitFor();
  return page;
}

const profileStatus = async (token: string) =>
  (await fetch(`${inject("baseURL")}/api/v1/user/get-profile-by-id`, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status;

describe("inactivity", () => {
  it("stays signed in while the user is active, and logs out after 15 idle minutes with the logout call, to /", async () => {
    const token = await sessionToken();
    const page = await signedInWithClock(token);
    for (let minute = 0; minute < 20; minute++) {
      await page.mouse.move(100 + minute, 200);
      await page.clock.runFor(MINUTE);
    }
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(Number(await page.evaluate(() => localStorage.getItem("lastActivityTime")))).toBeGreaterThan(0);

    // 14 idle minutes (the last move was a minute ago): no check may log out yet. (At 16, as this
    // test once waited, a check has already found more than 15, and whether the real logout call
    // has landed is a race.)
    await page.clock.runFor(13 * MINUTE);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    // Second by second until the logout lands, so the notice's own few seconds are not skipped too.
    // Bounded in real time, not in steps: the logout call is real, and on a busy machine it may
    // answer after many quick steps (the page then waits on a timer that only the steps move).
    for (const until = Date.now() + 30_000; Date.now() < until && new URL(page.url()).pathname !== "/";) await page.clock.runFor(1000);
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
    await page.getByRole("status").filter({ hasText: "You were logged out after 15 minutes without activity." }).waitFor();
    expect(await profileStatus(token)).toBe(401);
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
    // Time moves on but no timer fires (the lid was closed); then the user moves the mouse.
    await page.clock.setSystemTime(Date.now() + 60 * MINUTE);
    await page.mouse.move(300, 300);
    await page.waitForURL((url) => url.pathname === "/");
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
