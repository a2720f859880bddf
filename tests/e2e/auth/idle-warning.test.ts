// The warning before the idle logout (issue 25 #2) in real Chromium, on a clock the test moves:
// the check that finds more than 14 idle minutes opens an alert dialog that takes focus and counts
// down the minute to the logout; "Stay signed in" keeps the session, "Log out" ends it, and one
// tab's choice closes the dialog in every tab.
import { describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { sessionToken, setupBrowser } from "../browser.ts";
import { MINUTE, allAnswered, api, contextWithClock, moveMouse, openSignedIn, pathOf, pauseClock, runSeconds, watch } from "./session-helpers.ts";

const b = setupBrowser();
const LOGOUT = api("/user/logout");
const isLogout = (request: Request) => new URL(request.url()).pathname === LOGOUT;

const words = {
  en: { title: "Your session is about to end", stay: "Stay signed in", logout: "Log out", inactive: "inactive for almost 15 minutes" },
  ar: { title: "جلستك على وشك الانتهاء", stay: "البقاء مسجّلاً الدخول", logout: "تسجيل الخروج", inactive: "قرابة 15 دقيقة" },
} as const;

const dialogOf = (page: Page, lang: "en" | "ar" = "en") => page.getByRole("alertdialog", { name: words[lang].title });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/** A signed-in page on a paused clock; the mouse moved once, so the checks fall on whole minutes from now. */
async function idleFromNow(path = "/dashboard", lang: "en" | "ar" = "en", viewport: "desktop" | "phone" = "desktop") {
  const token = await sessionToken();
  const context = await contextWithClock(b, token, { lang, viewport });
  const page = await openSignedIn(context, path);
  await pauseClock(page);
  await moveMouse(page, 120, 240);
  return { token, page, ...watch(page, token) };
}

describe("the warning before the idle logout", () => {
  it("opens at the check that finds more than 14 idle minutes, takes focus, counts down; Stay signed in keeps the session", async () => {
    const { page, calls } = await idleFromNow();
    await page.clock.runFor(14 * MINUTE);
    expect(await dialogOf(page).count()).toBe(0);
    await page.clock.runFor(MINUTE);
    const dialog = dialogOf(page);
    await dialog.waitFor();
    // Named by its title, described by its text; focus on "Stay signed in".
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const described = await dialog.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${described}"]`).textContent()).toContain(words.en.inactive);
    await expect.poll(() => focusedText(page)).toBe(words.en.stay);
    expect(await dialog.locator(".idle-warning-countdown").textContent()).toBe("1:00");
    // Counting down; a polite live region speaks at 30 s, not every second.
    await runSeconds(page, 29_000);
    expect(await dialog.locator(".idle-warning-countdown").textContent()).toBe("0:31");
    expect(await dialog.locator("[aria-live=polite]").textContent()).toBe("");
    await page.clock.runFor(1000);
    expect(await dialog.locator(".idle-warning-countdown").textContent()).toBe("0:30");
    expect(await dialog.locator("[aria-live=polite]").textContent()).toBe("Time left: 0:30");
    // Keyboard: Tab stays inside the dialog, Enter on "Stay signed in" keeps the session.
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe(words.en.logout);
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe(words.en.stay);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await page.clock.runFor(2 * MINUTE);
    await allAnswered(page, calls);
    expect(calls.filter(isLogout)).toEqual([]);
    expect(pathOf(page)).toBe("/dashboard");
    await page.context().close();
  });

  it("without an answer, the next check logs out, to /", async () => {
    const { page } = await idleFromNow();
    await page.clock.runFor(15 * MINUTE);
    await dialogOf(page).waitFor();
    await page.clock.runFor(MINUTE);
    await page.waitForURL((url) => url.pathname === "/");
    expect(await dialogOf(page).count()).toBe(0);
    await page.context().close();
  });

  it("Log out ends the session with the logout call, to /, and stays there", async () => {
    const { page, calls, visited } = await idleFromNow();
    await page.clock.runFor(15 * MINUTE);
    await dialogOf(page).getByRole("button", { name: words.en.logout }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await runSeconds(page, 30_000);
    await allAnswered(page, calls);
    expect(calls.filter(isLogout)).toHaveLength(1);
    expect(visited).toEqual(["/"]);
    await page.context().close();
  });

  it("other tabs follow: one tab's Stay closes the dialog in all, and one tab's Log out ends them all", async () => {
    // Both tabs open before the clock is paused (an app's start-up yields on a timer).
    const context = await contextWithClock(b, await sessionToken());
    const first = await openSignedIn(context, "/dashboard");
    const second = await openSignedIn(context, "/portfolio");
    await pauseClock(first);
    await moveMouse(first, 140, 260);
    // One clock for the context: both tabs live through the same minutes, each checking on its own.
    await first.clock.runFor(15 * MINUTE);
    await dialogOf(first).waitFor();
    await dialogOf(second).waitFor();
    await dialogOf(first).getByRole("button", { name: words.en.stay }).click();
    await dialogOf(second).waitFor({ state: "hidden" });
    await first.clock.runFor(2 * MINUTE);
    expect([pathOf(first), pathOf(second)]).toEqual(["/dashboard", "/portfolio"]);

    // 15 minutes after the choice: both warn again.
    await first.clock.runFor(13 * MINUTE);
    await dialogOf(first).waitFor();
    await dialogOf(second).waitFor();
    await dialogOf(second).getByRole("button", { name: words.en.logout }).click();
    await second.waitForURL((url) => url.pathname === "/");
    await dialogOf(first).waitFor({ state: "hidden" });
    await first.waitForURL((url) => url.pathname !== "/dashboard");
    await first.context().close();
  });

  it.each(["en", "ar"] as const)("reads right at phone width in %s", async (lang) => {
    const { page } = await idleFromNow("/dashboard", lang, "phone");
    await page.clock.runFor(15 * MINUTE);
    const dialog = dialogOf(page, lang);
    await dialog.waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The countdown's digits stay left to right in Arabic too.
    expect(await dialog.locator(".idle-warning-countdown [dir=ltr]").textContent()).toBe("1:00");
    await page.screenshot({ path: `/tmp/idle-${lang}.png` });
    await page.context().close();
  });
});
