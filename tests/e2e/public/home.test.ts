// The home page, page views and the live chat (issue 28), in real Chromium against the real server.
import { rmSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "../browser.ts";
import { accessibilityProblems } from "../a11y.ts";
import { migratedDataDir, startServer, type RunningServer } from "../server.ts";

const b = setupBrowser();

/** The largest contentful paint's element so far, as Chromium reports it. */
const LCP_OBSERVER = () => {
  const win = window as unknown as { __lcp: { tag: string; id: string; text: string }[] };
  win.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
      win.__lcp.push({ tag: entry.element?.tagName ?? "", id: entry.element?.id ?? "", text: (entry.element?.textContent ?? "").slice(0, 60) });
  }).observe({ type: "largest-contentful-paint", buffered: true });
};

describe("the home page", () => {
  for (const { lang, viewport, headline, live } of [
    { lang: "en", viewport: "desktop", headline: /Buy, sell and exchange crypto/, live: "Live prices" },
    { lang: "ar", viewport: "phone", headline: /اشترِ/, live: "الأسعار الحية" },
  ] as const) {
    it(`shows live prices after first paint, and its largest paint is the headline (${lang}, ${viewport})`, async () => {
      const { page, context, errors } = await b.newPage({ lang, viewport });
      await page.addInitScript(LCP_OBSERVER);
      const tickers: Request[] = [];
      page.on("request", (request) => request.url().endsWith("/api/v1/market/tickers") && tickers.push(request));
      // Each language's own address: its HTML (and head) is in that language from the server.
      await page.goto(lang === "ar" ? "/?lang=ar" : "/");
      await page.getByRole("heading", { level: 1, name: headline }).waitFor();
      const prices = page.getByRole("region", { name: live });
      const btc = prices.getByTestId("price-BTC");
      await btc.waitFor();
      expect(await btc.textContent()).toMatch(/^\u2066?\$[\d,]+\.\d{2}\u2069?$/);
      expect(await btc.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
      expect(tickers.length).toBeGreaterThan(0);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: { tag: string; id: string }[] }).__lcp);
      expect(lcp.at(-1)).toMatchObject({ tag: "H1", id: "home-title" });
      // The head names the page and its other language.
      expect(await page.locator('link[rel="alternate"][hreflang="ar"]').getAttribute("href")).toBe(`${new URL(page.url()).origin}/?lang=ar`);
      expect(await page.locator('link[rel="alternate"][hreflang="x-default"]').getAttribute("href")).toBe(`${new URL(page.url()).origin}/`);
      expect(await page.locator('meta[property="og:locale"]').getAttribute("content")).toBe(lang === "ar" ? "ar_AR" : "en_US");
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("serves each language at its own address (?lang=), whatever the browser stored", async () => {
    const { page, context } = await b.newPage({ lang: "en" });
    await page.goto("/?lang=ar");
    await page.getByRole("heading", { level: 1, name: /اشترِ/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
    await context.close();
  });
});

/** The page views the page sent, in order, and the server's answers to them. */
function watchPageViews(page: Page) {
  const sent: { path: string }[] = [];
  // The statuses only: a keepalive request's answer body is not kept for the DevTools protocol.
  const answers: number[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/v1/pageview/add")) sent.push({ path: (request.postDataJSON() as { path: string }).path });
  });
  page.on("response", (response) => void (response.url().endsWith("/api/v1/pageview/add") && answers.push(response.status())));
  return Object.assign(sent, { answers });
}

describe("page views", () => {
  it("three route changes record exactly three page views, after the first page's", async () => {
    const { page, context, errors } = await b.newPage();
    const sent = watchPageViews(page);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => sent.map((view) => view.path)).toEqual(["/"]);
    const footer = page.getByRole("contentinfo");
    for (const [name, path] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Risk Disclosure", "/risk-disclosure"],
    ] as const) {
      await footer.getByRole("link", { name }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => sent.at(-1)?.path).toBe(path);
    }
    // One more change as a marker: any repeat of the three would have been sent before it.
    await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
    await expect.poll(() => sent.at(-1)?.path).toBe("/signup");
    expect(sent.map((view) => view.path)).toEqual(["/", "/terms", "/privacy", "/risk-disclosure", "/signup"]);
    await expect.poll(() => sent.answers).toEqual([200, 200, 200, 200, 200]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("records nothing for a browser that sends Global Privacy Control", async () => {
    const { page, context } = await b.newPage();
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const sent = watchPageViews(page);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    // Two frames and a task after the page showed (when a view would have been sent).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    expect([...sent]).toEqual([]);
    await context.close();
  });
});

const EN_KEY = "64f1c0ffee0123456789abcd/1h9enabc1";
const AR_KEY = "64f1c0ffee0123456789abce/1h9arabc2";
// Stands in for Tawk.to's embed script: it marks the page with the widget it was loaded for.
const STAND_IN = `(() => { const key = new URL(document.currentScript.src).pathname.slice(1); const el = document.createElement("div"); el.id = "tawk-stand-in"; el.dataset.key = key; document.body.append(el); })();`;

/** Resolves once the page has loaded and the browser was idle twice (the chat waits for the first). */
const idleAfterLoad = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => {
        const idle = () => requestIdleCallback(() => requestIdleCallback(() => done(), { timeout: 5000 }), { timeout: 5000 });
        if (document.readyState === "complete") idle();
        else addEventListener("load", idle, { once: true });
      }),
  );

describe("live chat", () => {
  let server: RunningServer;
  let dataDir = "";
  beforeAll(async () => {
    dataDir = migratedDataDir("sarraf-e2e-chat-");
    server = await startServer(dataDir, { CHAT_TAWK_EN: EN_KEY, CHAT_TAWK_AR: AR_KEY });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("with keys for both languages, loads the English widget in English and the Arabic one after switching", async () => {
    const context = await b.browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const asked: string[] = [];
    await context.route("https://embed.tawk.to/**", (route) => {
      asked.push(new URL(route.request().url()).pathname.slice(1));
      return route.fulfill({ status: 200, contentType: "text/javascript", body: STAND_IN });
    });
    const response = await page.goto("/");
    expect(response?.headers()["content-security-policy"]).toContain("https://embed.tawk.to");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.locator("#tawk-stand-in").waitFor({ state: "attached" });
    expect(await page.locator("#tawk-stand-in").getAttribute("data-key")).toBe(EN_KEY);
    await page.getByRole("button", { name: "العربية" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "ar");
    await page.waitForFunction((key) => document.getElementById("tawk-stand-in")?.dataset.key === key, AR_KEY);
    expect(await page.locator("#tawk-stand-in").count()).toBe(1);
    expect(asked).toEqual([EN_KEY, AR_KEY]);
    await context.close();
  });

  it("with no keys (the default server), sends not one request to the provider and its CSP does not allow it", async () => {
    const { page, context } = await b.newPage();
    const provider: string[] = [];
    page.on("request", (request) => /tawk\.to|tawk\.link/.test(new URL(request.url()).hostname) && provider.push(request.url()));
    const response = await page.goto("/");
    expect(response?.headers()["content-security-policy"]).not.toContain("tawk");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await idleAfterLoad(page);
    await page.getByRole("button", { name: "العربية" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "ar");
    await idleAfterLoad(page);
    expect(provider).toEqual([]);
    expect(await page.locator("script[data-chat-widget]").count()).toBe(0);
    await context.close();
  });
});
