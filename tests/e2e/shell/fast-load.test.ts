// Fast on a slow phone (issue 12), in real Chromium against the server `npm start` runs: public
// pages arrive with their content in the HTML, in the visitor's language, compressed, with what
// their first render needs announced; the app hydrates that HTML (same nodes, no errors); a
// link pointed at loads its page before the click.
import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page, Request } from "playwright-core";
import { appStarted, seedStorage, setupBrowser, sharedToken } from "../browser.ts";

// Unseeded contexts: these pages are a first visit unless a test stores a session itself.
const b = setupBrowser();

const base = () => inject("baseURL");

/**
 * A page whose app entry is held back until `release()`, so a test sees the server's HTML alone
 * first; `problems` collects console errors and uncaught errors.
 */
async function withEntryHeld(context: BrowserContext): Promise<{ page: Page; problems: string[]; release: () => void }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
  page.on("pageerror", (error) => problems.push(error.message));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { page, problems, release };
}

describe("public pages before any script runs", () => {
  it.each([
    ["/", "en-US", "en", "ltr", "Buy, sell and exchange crypto with confidence"],
    ["/login", "en-US", "en", "ltr", "Log in"],
    ["/signup", "ar-EG", "ar", "rtl", "أنشئ حسابك"],
    ["/", "ar-EG", "ar", "rtl", "اشترِ وبِع وبادِل العملات الرقمية بثقة"],
  ])("%s for a browser asking %s has its content, language and direction in the HTML", async (path, locale, lang, dir, heading) => {
    const context = await b.newContext({ javaScriptEnabled: false, locale, seed: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(base() + path);
      expect(response!.headers()["content-language"]).toBe(lang);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      expect(await page.locator("html").getAttribute("dir")).toBe(dir);
      expect((await page.locator("main h1").textContent())?.trim()).toBe(heading);
      // Styled from the first byte: the styles are inline, nothing render-blocking is fetched.
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    } finally {
      await context.close();
    }
  });

  it("the stored language (its cookie) wins over Accept-Language", async () => {
    const response = await fetch(`${base()}/login`, { headers: { accept: "text/html", "accept-language": "en-US,en", cookie: "lang=ar" } });
    expect(response.headers.get("content-language")).toBe("ar");
    expect(response.headers.get("vary")).toMatch(/Accept-Language/);
    expect(await response.text()).toContain('<html lang="ar" dir="rtl"');
  });

  it("announces the page's chunk and its language's catalog in the HTML, beside the entry", async () => {
    const html = await (await fetch(`${base()}/login`, { headers: { accept: "text/html" } })).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.some((href) => /\/assets\/LoginPage-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloads.some((href) => /\/assets\/messages-[\w-]+\.js$/.test(href))).toBe(true);
    // Every announced file exists and is served compressed (all but the tiniest), as immutable.
    for (const href of preloads) {
      const res = await fetch(base() + href, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.status, href).toBe(200);
      const plain = await (await fetch(base() + href)).arrayBuffer();
      if (plain.byteLength >= 256) expect(res.headers.get("content-encoding"), href).toBe("br");
      expect(res.headers.get("cache-control"), href).toContain("immutable");
    }
  });
});

describe("signed-in pages", () => {
  it("carry the layout's shell in their HTML only for a browser that holds a sign-in", async () => {
    const withHint = await (await fetch(`${base()}/dashboard`, { headers: { accept: "text/html", cookie: "signedIn=1" } })).text();
    expect(withHint).toMatch(/<div id="root" data-shell="\/dashboard" inert>.*class="dashboard-layout"/s);
    const without = await (await fetch(`${base()}/dashboard`, { headers: { accept: "text/html" } })).text();
    expect(without).toContain('<div id="root"></div>');
  });

  it("a signed-in visitor gets the dashboard from its shell, and the hint cookie is set by the app", async () => {
    const context = await b.newContext({ seed: false });
    try {
      await seedStorage(context, { lang: "en", token: sharedToken() });
      await context.addCookies([{ name: "signedIn", value: "1", url: base() }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(base() + "/dashboard");
      await appStarted(page);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect(page.url()).toBe(`${base()}/dashboard`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the app keeps the hint in step with the sign-in this browser holds", async () => {
    const context = await b.newContext({ seed: false });
    try {
      await seedStorage(context, { lang: "en", token: sharedToken() });
      const page = await context.newPage();
      await page.goto(base() + "/dashboard");
      await appStarted(page);
      const cookie = async (name: string) => (await context.cookies()).find((one) => one.name === name)?.value;
      await expect.poll(() => cookie("signedIn")).toBe("1");
      await expect.poll(() => cookie("pageSession")).toBe(sharedToken());
      await page.evaluate(() => localStorage.removeItem("authUser"));
      await page.reload();
      await appStarted(page);
      await page.waitForURL((url) => url.pathname === "/login");
      await expect.poll(() => cookie("signedIn")).toBeUndefined();
      await expect.poll(() => cookie("pageSession")).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});

describe("a signed-in page's first data", () => {
  it("comes in its HTML: the dashboard shows its balances and market without asking the API first", async () => {
    const context = await b.newContext({ seed: false });
    try {
      await seedStorage(context, { lang: "en", token: sharedToken() });
      const page = await context.newPage();
      // The first visit sets the cookies (the app does, as after any sign-in); the reload is the test.
      await page.goto(base() + "/dashboard");
      await appStarted(page);
      await page.locator('.dashboard-grid[aria-busy="false"]').waitFor();
      await expect.poll(async () => (await context.cookies()).some((one) => one.name === "pageSession")).toBe(true);
      const calls: string[] = [];
      page.on("request", (request) => request.url().includes("/api/v1/") && calls.push(new URL(request.url()).pathname));
      const response = await page.reload();
      expect(response!.headers()["cache-control"]).toBe("no-store");
      await appStarted(page);
      await page.locator('.dashboard-grid[aria-busy="false"]').waitFor();
      await page.getByRole("heading", { name: "Your favourites" }).waitFor();
      const shown = [...calls];
      for (const path of ["/api/v1/user/get-profile-by-id", "/api/v1/currency/list", "/api/v1/user/balances", "/api/v1/user/dashboard-market-info"])
        expect(shown, path).not.toContain(path);
      // The answers were taken from the page, which no longer holds them.
      expect(await page.locator("#first-answers").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("a signed-in page drawn by the server", () => {
  /** A browser context holding the shared sign-in's cookies, as the app writes them after a visit. */
  async function signedInContext(options: { javaScriptEnabled?: boolean; lang?: "en" | "ar" } = {}) {
    const context = await b.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, seed: false });
    await seedStorage(context, { lang: options.lang ?? "en", token: sharedToken() });
    await context.addCookies(
      [
        ["signedIn", "1"],
        ["pageSession", sharedToken()],
        ["lang", options.lang ?? "en"],
      ].map(([name, value]) => ({ name: name!, value: value!, url: base() })),
    );
    return context;
  }

  it.each([
    ["en", "ltr", "Top gainers (24h)", "Market summary"],
    ["ar", "rtl", "الأكثر ارتفاعًا (24 ساعة)", "ملخص السوق"],
  ] as const)("with no script at all (%s), the dashboard shows the user's market and balances", async (lang, dir, gainers, summary) => {
    const context = await signedInContext({ javaScriptEnabled: false, lang });
    try {
      const page = await context.newPage();
      const response = await page.goto(base() + "/dashboard");
      expect(response!.headers()["cache-control"]).toBe("no-store");
      expect(await page.locator("html").getAttribute("dir")).toBe(dir);
      await page.getByRole("heading", { name: gainers }).waitFor({ timeout: 2_000 });
      await page.getByRole("heading", { name: summary }).waitFor({ timeout: 2_000 });
      expect(await page.locator('.dashboard-grid[aria-busy="false"]').count()).toBe(1);
      // Three gainers, with prices in the quote currency (USD), not placeholders.
      const gainersCard = page.locator("section", { has: page.getByRole("heading", { name: gainers }) });
      expect(await gainersCard.locator("li").count()).toBe(3);
      expect(await gainersCard.innerText()).toMatch(/\$[\d,]+\.\d+/);
      expect(await page.locator(".card-placeholder").count()).toBe(0);
      // Nothing in it needs a script the CSP would refuse: no inline script but the answers' data.
      expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("the market's rows and the portfolio's total are in the HTML too, in the quote currency the user chose", async () => {
    const context = await signedInContext({ javaScriptEnabled: false });
    try {
      await context.addCookies([{ name: "quote", value: "EUR", url: base() }]);
      const page = await context.newPage();
      await page.goto(base() + "/market");
      const rows = page.locator("tbody tr");
      expect(await rows.count()).toBeGreaterThan(10);
      expect(await rows.first().innerText()).toContain("€");
      await page.goto(base() + "/portfolio");
      expect(await page.locator("main").innerText()).toMatch(/Total value\s*€[\d,]+\.\d{2}/);
    } finally {
      await context.close();
    }
  });

  it("is shown before the app's code runs; the app then takes the page over without an error, and it works", async () => {
    const context = await signedInContext();
    try {
      const { page, problems, release } = await withEntryHeld(context);
      await page.goto(base() + "/market", { waitUntil: "commit" });
      await page.locator("tbody tr").first().waitFor();
      expect(await page.locator("#root").getAttribute("inert")).toBe("");
      release();
      await appStarted(page);
      await expect.poll(() => page.locator("#root").getAttribute("inert")).toBeNull();
      // The app's own page: sorting by name reorders the rows.
      const names = () => page.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.textContent));
      const before = await names();
      await page.getByRole("button", { name: /^Name/ }).click();
      await expect.poll(names).not.toEqual(before);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("in the browser", () => {
  it("every request before the app starts on /login was in the HTML: no waterfall", async () => {
    const context = await b.newContext({ seed: false });
    try {
      // The moment the app takes the page over, as the page itself sees it: what it loads after
      // that (a page view's code, once painted) is no waterfall, however soon the test notices.
      await context.addInitScript(() => {
        const started = () => {
          const root = document.getElementById("root");
          const global = globalThis as unknown as { appStartedAt?: number };
          if (global.appStartedAt === undefined && root && root.childElementCount > 0 && !root.hasAttribute("inert")) global.appStartedAt = performance.now();
        };
        new MutationObserver(started).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["inert"] });
      });
      const page = await context.newPage();
      const response = await page.goto(base() + "/login");
      const html = await response!.text();
      await appStarted(page);
      const scripts = await page.evaluate(() => {
        const startedAt = (globalThis as unknown as { appStartedAt?: number }).appStartedAt ?? Infinity;
        return (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.startTime <= startedAt && new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => new URL(entry.name).pathname);
      });
      expect(scripts.length).toBeGreaterThan(2);
      // The toasts' library is the one exception: the app fetches it on start for later notices,
      // and no first render waits for it (its part of the page hydrates when it comes).
      const toastsChunk = /\/assets\/dist-[\w-]+\.js$/;
      for (const script of scripts.filter((s) => !toastsChunk.test(s) || html.includes(`"${s}"`))) expect(html, script).toContain(`"${script}"`);
      expect(scripts.filter((s) => !html.includes(`"${s}"`)).length).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });

  it.each(["en", "ar"] as const)("hydrates the prerendered /login (%s): the same nodes, no errors, then usable", async (lang) => {
    const context = await b.newContext({ locale: lang === "ar" ? "ar-EG" : "en-US", seed: false });
    try {
      // Hold the entry back until the prerendered heading is marked.
      const { page, problems, release } = await withEntryHeld(context);
      await page.goto(base() + "/login", { waitUntil: "commit" });
      await page.locator("main h1").waitFor();
      expect(await page.locator("#root").getAttribute("inert")).toBe("");
      await page.evaluate(() => ((document.querySelector("main h1") as HTMLElement & { marked?: boolean }).marked = true));
      release();
      await appStarted(page);
      // Hydration adopts the server's nodes; a fresh render would have replaced them.
      expect(await page.evaluate(() => (document.querySelector("main h1") as HTMLElement & { marked?: boolean }).marked)).toBe(true);
      // The form works: a bad e-mail is refused in the page's language.
      await page.locator('input[name="email"]').fill("not an e-mail");
      await page.locator('form button[type="submit"]').click();
      await page.locator(".field-error").first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a link pointed at loads its page before it is clicked", async () => {
    const context = await b.newContext({ seed: false });
    try {
      const page = await context.newPage();
      await page.goto(base() + "/");
      await appStarted(page);
      const requested: string[] = [];
      page.on("request", (request: Request) => requested.push(new URL(request.url()).pathname));
      const signupChunk = (path: string) => /\/assets\/SignupPage-[\w-]+\.js$/.test(path);
      await page.waitForTimeout(300);
      expect(requested.some(signupChunk)).toBe(false);
      // The home page does not announce the sign-up page; pointing at its link fetches it.
      await page.getByRole("banner").getByRole("link", { name: "Sign up" }).hover();
      await expect.poll(() => requested.some(signupChunk)).toBe(true);
      await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
      await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
