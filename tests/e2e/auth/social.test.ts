// Social sign-in as a user does it: a real popup window, the local OpenID Connect provider that
// stands in for Google, Apple and Facebook, and the one-time code the callback page sends back.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupBrowser } from "../browser.ts";

const b = setupBrowser();

const email = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@sarraf.test`;

async function openProviderPopup(page: Page, button: string): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: button }).click()]);
  await popup.waitForLoadState();
  return popup;
}

describe("social sign-in", () => {
  it("signs in through the stand-in provider in a 500×600 popup centred on the window and lands on /dashboard", async () => {
    const { page, context, errors } = await b.openPage("/login");
    // Records the features the app asks window.open for, and opens the window as asked.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { openedWith: string }).openedWith = String(args[2]);
        return open(...args);
      };
    });
    const popup = await openProviderPopup(page, "Continue with Google");
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);
    // Where it opens is asked of the browser (which may keep it on screen): centred on this window.
    const asked = await page.evaluate(() => (window as unknown as { openedWith: string }).openedWith);
    const [left, top] = await page.evaluate(() => [window.screenX + (window.outerWidth - 500) / 2, window.screenY + (window.outerHeight - 600) / 2]);
    expect(asked).toBe(`popup=yes,width=500,height=600,left=${Math.round(left!)},top=${Math.round(top!)}`);
    await popup.getByLabel("E-mail").fill(email("google"));
    await popup.getByLabel("Name").fill("Google Trader");
    await popup.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/dashboard");
    if (!popup.isClosed()) await popup.waitForEvent("close");
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("authUser")))!);
    expect(stored).toMatchObject({ fullName: "Google Trader", hasPassword: false });
    expect(stored.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("rejects the request 8 seconds after the popup is closed, not before", async () => {
    const { page, context } = await b.openPage("/signup", { lang: "ar" });
    await page.clock.install();
    const popup = await openProviderPopup(page, "المتابعة باستخدام Apple");
    await popup.close();
    await page.clock.runFor(7_000);
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.clock.runFor(2_000);
    await page.getByRole("alert").filter({ hasText: "أُغلقت نافذة Apple قبل أن تنتهي" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signup");
    await context.close();
  });

  it("says so when the browser blocks the popup", async () => {
    const { page, context } = await b.openPage("/login");
    // What a popup blocker does to the page: window.open gives nothing.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await page.getByRole("alert").filter({ hasText: "Your browser blocked the sign-in window." }).waitFor();
    await context.close();
  });

  it("reports a refusal at the provider", async () => {
    const { page, context } = await b.openPage("/login");
    const popup = await openProviderPopup(page, "Continue with Google");
    await popup.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alert").filter({ hasText: "You cancelled signing in with Google." }).waitFor();
    await context.close();
  });
});
