// The market polish of issue 26 in real Chromium against the app: what only a browser shows (the
// chart's canvas and its link, computed colours, layout at phone width, reload and Back).
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityProblems } from "../a11y.ts";
import { setupBrowser, sharedToken, type Viewport } from "../browser.ts";

const screenshots = resolve(import.meta.dirname, "../../../.scratch");
const b = setupBrowser();
beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

const open = (path: string, { lang = "en" as "en" | "ar", viewport = "desktop" as Viewport, locale = undefined as string | undefined } = {}) =>
  b.openPage(path, {
    lang,
    token: sharedToken(),
    viewport,
    ...(viewport === "phone" ? { hasTouch: true, isMobile: true } : {}),
    ...(locale ? { locale } : {}),
  });
const chartDrawn = (page: Page) => page.locator('.price-chart[data-chart="drawn"]:not([data-points="0"])').waitFor();

describe("the asset page's chart", () => {
  it("holds nothing focusable where screen readers cannot go, and credits TradingView in a link they can reach", async () => {
    const { page, context, errors } = await open("/market/BTC");
    await chartDrawn(page);
    expect(await page.locator(".price-chart a, .price-chart [tabindex]").count()).toBe(0);
    const credit = page.getByRole("link", { name: "TradingView Lightweight Charts™" });
    expect(await credit.isVisible()).toBe(true);
    expect(await credit.getAttribute("href")).toBe("https://www.tradingview.com/");
    // Tabbing through the page never lands inside the hidden chart.
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[aria-hidden='true']")))).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names the change's period and draws the chart in Arabic at phone width", async () => {
    const { page, context, errors } = await open("/market/BTC", { lang: "ar", viewport: "phone" });
    await chartDrawn(page);
    await page.locator(".asset-change-label", { hasText: "التغيّر 24 ساعة" }).waitFor();
    await page.locator(".range-picker button").nth(1).click();
    await page.locator(".asset-change-label", { hasText: "التغيّر خلال أسبوع" }).waitFor();
    await chartDrawn(page);
    await page.screenshot({ path: resolve(screenshots, "asset-ar-phone.png"), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws its crosshair's date in Arabic on a desktop (a screenshot to look at)", async () => {
    const { page, context, errors } = await open("/market/BTC", { lang: "ar" });
    await chartDrawn(page);
    const box = (await page.locator(".price-chart").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(".price-chart").screenshot({ path: resolve(screenshots, "chart-ar-crosshair.png") });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the market's sort and favourites filter", () => {
  it("live in the address: a reload and Back show the same list", async () => {
    const { page, context, errors } = await open("/market");
    await page.locator("tbody tr").first().waitFor();
    const change = page.locator("th", { has: page.getByRole("button", { name: "24h change" }) });
    await page.getByRole("button", { name: "24h change" }).click();
    await page.waitForURL((url) => url.search === "?sort=change&order=desc");
    await page.getByRole("button", { name: "Favourites only" }).click();
    await page.waitForURL((url) => url.search === "?sort=change&order=desc&favourites=1");
    await page.reload();
    await page.locator("main h1").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Favourites only" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Favourites only" }).click();
    await page.waitForURL((url) => url.search === "?sort=change&order=desc");
    expect(await change.getAttribute("aria-sort")).toBe("descending");
    // Away to an asset and Back: the list is as it was left.
    await page.locator("tbody tr a").first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/market/"));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/market" && url.search === "?sort=change&order=desc");
    await page.locator("tbody tr").first().waitFor();
    expect(await change.getAttribute("aria-sort")).toBe("descending");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("on a phone", () => {
  it.each(["en", "ar"] as const)("the dashboard shows the balances before the market cards, and Buy is one tap away (%s)", async (lang) => {
    const { page, context, errors } = await open("/dashboard", { lang, viewport: "phone" });
    const balances = page.locator(".balances-card");
    await balances.waitFor();
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    expect(await top(".balances-card")).toBeLessThan(await top('[aria-labelledby="dash-favourites"]'));
    expect(await top(".balances-card")).toBeLessThan(page.viewportSize()!.height);
    await page.screenshot({ path: resolve(screenshots, `dashboard-${lang}-phone.png`), fullPage: true });
    const bar = page.locator(".bottom-bar");
    await bar.getByRole("link", { name: lang === "en" ? "Buy" : "شراء", exact: true }).tap();
    await page.waitForURL((url) => url.pathname === "/buy");
    await page.getByRole("heading", { level: 1, name: lang === "en" ? "Buy crypto" : "شراء العملات الرقمية" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the history's date filters", () => {
  it.each([
    ["en", "en-US", "1 Nov 2026"],
    ["ar", "ar-EG", "01/11/2026"],
  ] as const)("write the day as the %s page does, whatever the browser's locale (%s)", async (lang, locale, shown) => {
    const { page, context, errors } = await open("/history?from=2026-11-01", { lang, locale, viewport: "phone" });
    const from = page.locator(".history-filters input").first();
    await from.waitFor();
    expect(await from.inputValue()).toBe(shown);
    expect(await from.getAttribute("type")).toBe("text");
    await page.screenshot({ path: resolve(screenshots, `history-${lang}-phone.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("accessibility", () => {
  const pages = ["/dashboard", "/market", "/market/BTC", "/portfolio", "/history", "/buy", "/exchange?curr=USD&symbol=BTC", "/"];
  it.each((["en", "ar"] as const).flatMap((lang) => (["desktop", "phone"] as const).map((viewport) => [lang, viewport] as const)))(
    "%s at %s width: axe-core finds no violation (WCAG 2.2 A and AA, best practices) on any signed-in page or the home page",
    async (lang, viewport) => {
      const { page, context, errors } = await open("/dashboard", { lang, viewport });
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        // The app's own page, not the server's HTML it replaces (which has a main and an h1 of its own).
        await page.waitForFunction(() => performance.getEntriesByName("sarraf:interactive").length > 0);
        await page.locator("main h1").waitFor();
        await page.locator(".page-skeleton").waitFor({ state: "detached" });
        if (path === "/market/BTC") await chartDrawn(page);
        if (path === "/market" || path === "/dashboard") await page.locator(".asset-badge").first().waitFor();
        found.push(...(await accessibilityProblems(page)).map((problem) => `${path}: ${problem}`));
        await page.screenshot({ path: resolve(screenshots, `a11y-${lang}-${viewport}-${path.replaceAll("/", "_")}.png`) });
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
