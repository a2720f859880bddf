// Markets in real Chromium against the real server (its own, so pausing its price source stalls no other test).
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { setupBrowser, type Viewport } from "../browser.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
const tokens: string[] = [];

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-market-");
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: "market@sarraf.test", fullName: "Market Trader", emailVerifiedAt: new Date() });
  for (let i = 0; i < 4; i++) tokens.push((await createSession(database.db, user.id)).token);
  await database.close();
  // Prices are stale 2 s after the source stops answering; the simulator moves every half second.
  server = await startServer(dataDir, { PRICE_STALE_SECONDS: "2", PRICE_POLL_MS: "500" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const b = setupBrowser({ baseURL: () => server.baseURL });
const open = (path: string, { lang = "en" as "en" | "ar", token = tokens[0]!, viewport = "desktop" as Viewport } = {}) =>
  b.openPage(path, { lang, token, viewport });

const row = (page: Page, symbol: string) => page.locator(`tr[data-symbol="${symbol}"]`);
const prices = (page: Page) => page.locator("tbody tr [data-price]").allTextContents();
const devPrices = (action: "pause" | "resume") =>
  fetch(`${server.baseURL}/dev/prices/${action}`, { method: "POST" }).then((response) => expect(response.ok).toBe(true));

describe("market", () => {
  it("lists every asset with prices that change over time, sorts them, and says they are live", async () => {
    const { page, context, errors } = await open("/market");
    await expect.poll(() => row(page, "BTC").locator("[data-price]").textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await page.locator("tbody tr").count()).toBeGreaterThanOrEqual(15);
    await expect.poll(() => page.locator("[data-feed-status]").getAttribute("data-feed-status")).toBe("live");
    const before = await prices(page);
    await expect.poll(async () => (await prices(page)).join("|"), { timeout: 15_000 }).not.toBe(before.join("|"));

    // Sorting by price, highest first: announced through aria-sort.
    await page.getByRole("button", { name: "Price" }).click();
    const header = page.locator("th", { has: page.getByRole("button", { name: "Price" }) });
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    expect(await page.locator("tbody tr").first().getAttribute("data-symbol")).toBe("BTC");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("finds an asset by its Arabic name, right to left with prices left to right", async () => {
    const { page, context } = await open("/market", { lang: "ar", viewport: "phone" });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await row(page, "BTC").waitFor();
    await page.getByRole("searchbox").fill("بيتكوين");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(await page.locator("tbody tr").first().getAttribute("data-symbol")).toBe("BTC");
    expect(await row(page, "BTC").locator("[data-price] bdi").getAttribute("dir")).toBe("ltr");
    // Letter forms people swap still match: إيثيريوم typed with a plain alef.
    await page.getByRole("searchbox").fill("ايثيريوم");
    await expect.poll(() => page.locator("tbody tr").first().getAttribute("data-symbol")).toBe("ETH");
    await context.close();
  });

  it("keeps a favourite across a reload and in a second browser for the same user", async () => {
    const { page, context } = await open("/market", { token: tokens[1]! });
    const star = row(page, "SOL").getByRole("button", { name: "Add SOL to favourites" });
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/v1/user/add-fav-token") && response.ok());
    await star.click();
    expect(await row(page, "SOL").getByRole("button", { name: "Remove SOL from favourites" }).getAttribute("aria-pressed")).toBe("true");
    await saved;
    await page.reload();
    await expect.poll(() => row(page, "SOL").getByRole("button", { name: /SOL/ }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Favourites only" }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await context.close();

    const second = await open("/dashboard", { token: tokens[2]! });
    await expect.poll(() => second.page.locator('section[aria-labelledby="dash-favourites"] li').allTextContents()).toEqual([expect.stringContaining("SOL")]);
    await second.context.close();
  });

  it("draws the asset's chart, switches its range, and describes it in words", async () => {
    const { page, context } = await open("/market/BTC");
    const chart = page.locator(".price-chart");
    await expect.poll(() => chart.getAttribute("data-chart")).toBe("drawn");
    await expect.poll(async () => Number(await chart.getAttribute("data-points"))).toBeGreaterThan(100);
    expect(await chart.locator("canvas").count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator("figcaption").textContent())
      .toMatch(/Bitcoin over 1 day: now \$[\d,.]+, change [+−]?\d+\.\d\d%, high \$[\d,.]+, low \$[\d,.]+\./);
    const dayPoints = await chart.getAttribute("data-points");
    await page.getByRole("button", { name: "1W 1 week" }).click();
    await expect.poll(() => page.locator("figcaption").textContent()).toContain("over 1 week");
    expect(await chart.getAttribute("data-points")).not.toBe(dayPoints);
    expect(await page.getByRole("link", { name: "Buy BTC" }).getAttribute("href")).toBe("/buy?symbol=BTC&curr=USD");
    await context.close();
  });

  it("shows prices as out of date when the source stops or the browser is offline, and live again by itself", async () => {
    const { page, context } = await open("/market");
    const status = page.locator("[data-feed-status]");
    await expect.poll(() => status.getAttribute("data-feed-status")).toBe("live");
    await devPrices("pause");
    try {
      await expect.poll(() => status.getAttribute("data-feed-status"), { timeout: 20_000 }).toBe("stale");
      expect(await status.textContent()).toContain("Prices are out of date");
    } finally {
      await devPrices("resume");
    }
    await expect.poll(() => status.getAttribute("data-feed-status"), { timeout: 20_000 }).toBe("live");

    // The browser's own network: offline at once, and live again by itself when it is back.
    await context.setOffline(true);
    await expect.poll(() => status.getAttribute("data-feed-status")).toBe("offline");
    expect(await status.textContent()).toContain("You are offline");
    await context.setOffline(false);
    await expect.poll(() => status.getAttribute("data-feed-status"), { timeout: 20_000 }).toBe("live");
    await context.close();
  });

  it("shows the exchange pair's live price, and a clear message with a way back for an unknown symbol", async () => {
    const { page, context } = await open("/exchange?curr=EUR&symbol=ETH");
    await expect.poll(() => page.locator(".pair-card [data-price]").textContent()).toMatch(/^€[\d,]+\.\d\d$/);
    await page.goto("/exchange?curr=USD&symbol=NOPE");
    await page.getByRole("alert").getByText("We do not list this asset").waitFor();
    await page.getByRole("link", { name: "Go to BTC / USD" }).click();
    await expect.poll(() => page.locator(".pair-card [data-price]").textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    await context.close();
  });
});
