import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Page, Request } from "playwright-core";
import { freshToken, setupBrowser } from "../browser.ts";

const b = setupBrowser();

const profileStatus = async (token: string) =>
  (
    await fetch(`${inject("baseURL")}/api/v1/user/get-profile-by-id`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    })
  ).status;

/**
 * The page's API calls from now on, and a wait until none is in flight (nor started) for half a
 * second. Page views are left out: they are sent with keepalive, whose end DevTools never reports
 * (Playwright's "networkidle" then never comes), and they answer nothing the app acts on.
 */
function apiCalls(page: Page) {
  const pending = new Set<Request>();
  let last = Date.now();
  const isCall = (request: Request) => new URL(request.url()).pathname.startsWith("/api/v1/") && !request.url().includes("/pageview/");
  page.on("request", (request) => {
    if (!isCall(request)) return;
    pending.add(request);
    last = Date.now();
  });
  const done = (request: Request) => {
    if (pending.delete(request)) last = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    settled: () => expect.poll(() => pending.size === 0 && Date.now() - last >= 500, { interval: 100 }).toBe(true),
  };
}

describe("session", () => {
  it("restores a stored session, verifies it with the server and stores the profile", async () => {
    const { page, context } = await b.openPage("/dashboard", { token: freshToken() });
    await page.waitForFunction(() => localStorage.getItem("userInfo") !== null);
    const userInfo = JSON.parse((await page.evaluate(() => localStorage.getItem("userInfo")))!);
    expect(userInfo.email).toBe("e2e@sarraf.test");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await context.close();
  });

  it.each(["en", "ar"] as const)("a 401 clears stored auth, goes to /login and shows the server message (%s)", async (lang) => {
    const { page, context } = await b.newPage({ token: "not-a-real-token", lang });
    const calls = apiCalls(page);
    await page.goto("/portfolio");
    // Spec: the app goes to /login, told to come back to the page after. The page's feeds, mounted
    // for a moment after the session ended, are refused too (sent without a token): those refusals
    // must not send it to /login again without the way back.
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/portfolio");
    expect(await page.evaluate(() => [localStorage.getItem("authUser"), localStorage.getItem("userInfo")])).toEqual([null, null]);
    // Still there once every feed of the page has been answered.
    await calls.settled();
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/portfolio");
    const toast = page.getByRole("status").filter({ hasText: /\S/ }).last();
    await toast.waitFor();
    const text = await toast.innerText();
    expect(text).toMatch(lang === "ar" ? /[\u0600-\u06FF]/ : /[A-Za-z]/);
    await context.close();
  });

  it("logs out from the sidebar: the server revokes the session and the app goes home", async () => {
    const token = freshToken();
    const { page, context } = await b.openPage("/market", { token });
    await page.locator(".sidebar").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("authUser"))).toBeNull();
    expect(await profileStatus(token)).toBe(401);
    await page.goto("/dashboard");
    // Sent to log in, told to come back to the dashboard after.
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/dashboard");
    await context.close();
  });

  it("logs out from the phone's account tab too", async () => {
    const token = freshToken();
    const { page, context } = await b.openPage("/dashboard", { token, viewport: "phone", lang: "ar" });
    await page.locator(".bottom-bar").getByRole("button", { name: "الحساب" }).click();
    await page.locator(".bottom-bar").getByRole("button", { name: "تسجيل الخروج" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await profileStatus(token)).toBe(401);
    await context.close();
  });
});

describe("navigation", () => {
  it("opens the exchange from the sidebar on USD/BTC and shows the progress bar during the change", async () => {
    const { page, context } = await b.openPage("/dashboard", { token: freshToken() });
    // The first page load has its own run of the bar; start from rest.
    await page.waitForFunction(() => document.querySelector(".progress-bar")?.getAttribute("data-phase") === "idle");
    // Hold back the page chunks a little, as a slow network would, so the lazy load is visible.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    // Every attribute change is a record, even two within one task; each record's old value
    // plus the final value gives the whole sequence of phases the bar went through.
    await page.evaluate(() => {
      const bar = document.querySelector(".progress-bar")!;
      const w = window as unknown as { phaseRecords: MutationRecord[] };
      w.phaseRecords = [];
      new MutationObserver((records) => w.phaseRecords.push(...records.filter((r) => r.attributeName === "data-phase"))).observe(bar, {
        attributes: true,
        attributeOldValue: true,
      });
    });
    await page.locator(".sidebar").getByRole("link", { name: "Exchange" }).click();
    await page.waitForURL("**/exchange?curr=USD&symbol=BTC");
    await page.getByText("BTC / USD").waitFor();
    await page.waitForFunction(() => document.querySelector(".progress-bar")?.getAttribute("data-phase") === "idle");
    const phases = await page.evaluate(() => {
      const w = window as unknown as { phaseRecords: MutationRecord[] };
      return [...w.phaseRecords.map((r) => r.oldValue!), document.querySelector(".progress-bar")!.getAttribute("data-phase")!];
    });
    const sequence = phases.filter((phase, i) => phase !== phases[i - 1]);
    expect(sequence).toEqual(["idle", "loading", "finishing", "idle"]);
    await context.close();
  });

  it("bottom bar on phones reaches the four trading pages", async () => {
    const { page, context } = await b.openPage("/dashboard", { token: freshToken(), viewport: "phone" });
    const bar = page.locator(".bottom-bar");
    for (const [name, path] of [
      ["Market", "/market"],
      ["Exchange", "/exchange"],
      ["Portfolio", "/portfolio"],
      ["Dashboard", "/dashboard"],
    ]) {
      await bar.getByRole("link", { name }).click();
      await page.waitForURL((url) => url.pathname === path);
      expect(await bar.getByRole("link", { name }).getAttribute("aria-current")).toBe("page");
    }
    await context.close();
  });
});

describe("language", () => {
  it("switches to Arabic by keyboard, mirrors the layout, keeps amounts LTR and remembers the choice", async () => {
    const { page, context } = await b.openPage("/exchange?curr=USD&symbol=ETH", { token: freshToken() });
    const switcher = page.locator(".sidebar").getByRole("button", { name: "العربية" });
    await switcher.focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.documentElement.dir === "rtl" && document.title === "المبادلة | صرّاف");
    const sidebar = await page.locator(".sidebar").boundingBox();
    expect(sidebar!.x).toBeGreaterThan(600);
    expect(await page.locator("bdi.pair").getAttribute("dir")).toBe("ltr");
    expect(await page.locator("[data-price]").getAttribute("dir")).toBe("ltr");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ar");
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === "ar");
    expect(await page.title()).toBe("المبادلة | صرّاف");
    await context.close();
  });

  it("sends the language with API calls (server messages come back in Arabic)", async () => {
    const { page, context } = await b.openPage("/", { lang: "ar" });
    const message = await page.evaluate(async () => {
      const response = await fetch("/api/v1/no-such-call", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": document.documentElement.lang },
        body: "{}",
      });
      return ((await response.json()) as { message: string }).message;
    });
    expect(message).toMatch(/[\u0600-\u06FF]/);
    await context.close();
  });
});

describe("server delivery", () => {
  it("serves client routes with history fallback and security headers", async () => {
    const response = await fetch(`${inject("baseURL")}/portfolio`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("runs with no console errors or CSP violations on the home page", async () => {
    const { page, context, errors } = await b.openPage("/");
    const violations: string[] = [];
    page.on("console", (message) => message.type() === "error" && violations.push(message.text()));
    await page.reload();
    await page.locator("main").waitFor();
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });
});
