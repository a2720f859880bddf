import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupBrowser, sharedToken } from "../browser.ts";

// A phone: 390×844 with touch, every signed-in page reached by tapping the bottom bar.
const names = {
  en: {
    bar: "Main",
    account: "Account",
    logout: "Log out",
    pages: {
      Dashboard: "Dashboard",
      Market: "Market",
      Exchange: "Exchange",
      Portfolio: "Portfolio",
      Profile: "Profile",
      KYC: "Identity verification",
      Withdrawals: "Withdrawals",
    },
  },
  ar: {
    bar: "الرئيسية",
    account: "الحساب",
    logout: "تسجيل الخروج",
    pages: {
      Dashboard: "لوحة التحكم",
      Market: "السوق",
      Exchange: "المبادلة",
      Portfolio: "المحفظة",
      Profile: "الملف الشخصي",
      KYC: "التحقق من الهوية",
      Withdrawals: "السحوبات",
    },
  },
} as const;
const journey = [
  { page: "Market", path: "/market", account: false },
  { page: "Profile", path: "/profile", account: true },
  // Trading is one tap away: the Exchange (Buy held this place while buying was the only trade).
  { page: "Exchange", path: "/exchange", account: false },
  { page: "KYC", path: "/kyc", account: true },
  { page: "Portfolio", path: "/portfolio", account: false },
  { page: "Withdrawals", path: "/withdrawals", account: true },
  { page: "Dashboard", path: "/dashboard", account: false },
] as const;
const screenshots = resolve(import.meta.dirname, "../../../.scratch");

const b = setupBrowser();
beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

async function openPhone(path: string, lang: "en" | "ar") {
  const { page, context, errors } = await b.newPage({ viewport: "phone", hasTouch: true, isMobile: true, lang, token: sharedToken() });
  await page.goto(path);
  await page.locator("main h1").waitFor();
  return { page, context, errors };
}

/** The sheet is fully on screen, above the bar, and not wider than the phone. */
async function sheetBox(page: Page) {
  return page.evaluate(() => {
    const sheet = document.querySelector(".account-sheet")!.getBoundingClientRect();
    const bar = document.querySelector(".bottom-bar")!.getBoundingClientRect();
    return { onScreen: sheet.top >= 0 && sheet.left >= 0 && sheet.right <= window.innerWidth, aboveBar: Math.round(sheet.bottom) <= Math.round(bar.top) + 1 };
  });
}

describe.each(["en", "ar"] as const)("the phone's bottom bar in %s", (lang) => {
  const text = names[lang];

  it("reaches every signed-in page by tapping, and marks the page open", async () => {
    const { page, context, errors } = await openPhone("/dashboard", lang);
    const bar = page.getByRole("navigation", { name: text.bar });
    const accountTab = bar.getByRole("button", { name: text.account });
    expect(await page.locator(".sidebar").isVisible()).toBe(false);
    for (const step of journey) {
      const name = text.pages[step.page];
      if (step.account) {
        await accountTab.tap();
        expect(await accountTab.getAttribute("aria-expanded")).toBe("true");
      }
      await bar.getByRole("link", { name, exact: true }).tap();
      await page.waitForURL((url) => url.pathname === step.path);
      await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
      expect(await accountTab.getAttribute("aria-expanded")).toBe("false");
      expect(await accountTab.getAttribute("aria-current")).toBe(step.account ? "true" : null);
      if (step.account) {
        await accountTab.tap();
        await page.locator(".account-sheet:not([hidden])").waitFor();
      }
      const current = await bar.locator('[aria-current="page"]:visible').allTextContents();
      expect(current).toEqual([name]);
      // The mark shows too: the current tab is coloured unlike the others.
      const colour = (selector: string) =>
        bar
          .locator(selector)
          .first()
          .evaluate((link) => getComputedStyle(link).color);
      expect(await colour('a[aria-current="page"]')).not.toBe(await colour("a.nav-link:not([aria-current])"));
      if (step.account) {
        await page.keyboard.press("Escape");
        await page.locator(".account-sheet").waitFor({ state: "hidden" });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the account sheet over the page, in reach and in the language's direction", async () => {
    const { page, context, errors } = await openPhone("/kyc", lang);
    const bar = page.getByRole("navigation", { name: text.bar });
    await bar.getByRole("button", { name: text.account }).tap();
    const sheet = page.locator(".account-sheet:not([hidden])");
    await sheet.waitFor();
    // Its entrance animation has ended (however long a busy machine takes), so its box is final.
    await sheet.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    expect(await sheetBox(page)).toEqual({ onScreen: true, aboveBar: true });
    expect(await sheet.getByRole("button", { name: text.logout }).isVisible()).toBe(true);
    expect(await sheet.locator("bdi").getAttribute("dir")).toBe("ltr");
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.screenshot({ path: resolve(screenshots, `phone-account-sheet-${lang}.png`) });
    // A tap outside closes it.
    await page.touchscreen.tap(195, 100);
    await sheet.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
