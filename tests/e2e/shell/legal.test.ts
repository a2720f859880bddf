// The legal pages and the consent to them, in real Chromium against the server `npm start` runs.
import { describe, expect, inject, it } from "vitest";
import { setupBrowser } from "../browser.ts";

const b = setupBrowser();

const pages = [
  { path: "/terms", en: "Terms of Service", ar: "شروط الخدمة" },
  { path: "/privacy", en: "Privacy Policy", ar: "سياسة الخصوصية" },
  { path: "/risk-disclosure", en: "Risk Disclosure", ar: "الإفصاح عن المخاطر" },
];

describe("the legal pages", () => {
  it("are pages the server answers 200 for", async () => {
    for (const { path } of pages) {
      const response = await fetch(`${inject("baseURL")}${path}`, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(200);
    }
  });

  it("are reached from the footer of the home page and of the sign-up page", async () => {
    for (const start of ["/", "/signup"]) {
      const { page, context, errors } = await b.openPage(start);
      // The page is in (its lazy chunk rendered) before the footer is used.
      await page.locator("main h1").waitFor();
      for (const { path, en } of pages) {
        await page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" }).getByRole("link", { name: en }).click();
        await page.waitForURL((url) => url.pathname === path);
        await page.getByRole("heading", { level: 1, name: en }).waitFor();
        await page.waitForFunction((title) => document.title === title, `${en} | Sarraf`);
      }
      expect(await page.getByRole("contentinfo").getByRole("link", { name: "support@sarraf.example" }).getAttribute("href")).toBe(
        "mailto:support@sarraf.example",
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("read right to left in Arabic on a phone, with nothing wider than the screen and the address left to right", async () => {
    for (const { path, ar } of pages) {
      const { page, context, errors } = await b.openPage(path, { lang: "ar", viewport: "phone" });
      await page.getByRole("heading", { level: 1, name: ar }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      const address = page.getByRole("main").getByRole("link", { name: "support@sarraf.example" });
      expect(await address.evaluate((link) => getComputedStyle(link).direction)).toBe("ltr");
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe("the sign-up's consent", () => {
  it("must be ticked, and its links open the documents in a new tab while the form keeps what was typed", async () => {
    const { page, context, errors } = await b.openPage("/signup");
    await page.getByLabel("Full name").fill("Layla Haddad");
    const box = page.getByRole("checkbox", { name: /I accept the Terms of Service/ });
    await page.getByRole("button", { name: "Create account" }).click();
    expect(await box.getAttribute("aria-invalid")).toBe("true");

    const opened = context.waitForEvent("page");
    await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).first().click();
    const tab = await opened;
    await tab.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(new URL(tab.url()).pathname).toBe("/privacy");
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    expect(new URL(page.url()).pathname).toBe("/signup");
    expect(await page.getByLabel("Full name").inputValue()).toBe("Layla Haddad");
    expect(await box.isChecked()).toBe(false);
    await box.focus();
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(true);
    expect(await box.getAttribute("aria-invalid")).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
