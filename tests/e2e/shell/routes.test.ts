import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { appStarted, sharedToken, setupBrowser, type ContextOptions } from "../browser.ts";

type Layout = "public" | "auth" | "dashboard" | "partner";
interface RouteCase {
  path: string;
  layout: Layout;
  en: string;
  ar: string;
}

// Every route of spec section 2 and the named routes for the screens it lists without names.
const routes: RouteCase[] = [
  { path: "/", layout: "public", en: "Buy, sell and exchange crypto", ar: "اشترِ وبِع وبادِل العملات الرقمية" },
  { path: "/blog", layout: "public", en: "Blog", ar: "المدونة" },
  { path: "/contact", layout: "public", en: "Contact us", ar: "اتصل بنا" },
  { path: "/login", layout: "auth", en: "Log in", ar: "تسجيل الدخول" },
  { path: "/signup", layout: "auth", en: "Sign up", ar: "إنشاء حساب" },
  { path: "/verify-email", layout: "auth", en: "Verify your e-mail", ar: "تأكيد بريدك الإلكتروني" },
  { path: "/forgot-password", layout: "auth", en: "Forgot password", ar: "نسيت كلمة المرور" },
  { path: "/reset-password", layout: "auth", en: "Reset password", ar: "إعادة تعيين كلمة المرور" },
  { path: "/dashboard", layout: "dashboard", en: "Dashboard", ar: "لوحة التحكم" },
  { path: "/market", layout: "dashboard", en: "Market", ar: "السوق" },
  { path: "/exchange?curr=USD&symbol=BTC", layout: "dashboard", en: "Exchange", ar: "المبادلة" },
  { path: "/portfolio", layout: "dashboard", en: "Portfolio", ar: "المحفظة" },
  { path: "/profile", layout: "dashboard", en: "Profile", ar: "الملف الشخصي" },
  { path: "/kyc", layout: "dashboard", en: "Identity verification", ar: "التحقق من الهوية" },
  { path: "/withdrawals", layout: "dashboard", en: "Withdrawals", ar: "السحوبات" },
  { path: "/partners", layout: "partner", en: "Partners", ar: "الشركاء" },
  // A partner's page is titled with the partner's name (content/partners).
  { path: "/partners/tamr-wallet", layout: "partner", en: "Tamr Wallet", ar: "محفظة تمر" },
  { path: "/no-such-page", layout: "public", en: "Page not found", ar: "الصفحة غير موجودة" },
];
const title = (route: RouteCase, lang: "en" | "ar") => `${route[lang]} | ${lang === "en" ? "Sarraf" : "صرّاف"}`;
const byPath = (path: string) => routes.find((route) => route.path === path)!;

const b = setupBrowser();

async function waitForTitle(page: Page, expected: string) {
  await page.waitForFunction((text) => document.title === text, expected, { timeout: 10_000 });
}

/**
 * One context per language, width and session, shared by its routes (each in a page of its own):
 * a new context per route would fetch the whole app again each time, 144 times. Pages of one
 * context share only the HTTP cache and the seeded storage, which is what each route starts with.
 *
 * A static page of the same site stays open beside them (the favicon, no script): Chromium then
 * puts each route's page in that page's renderer process instead of starting a new one (and a
 * spare) for every page: 209 → 133 CPU-s for this file, Chromium renderers 105 → 45.
 */
function sharedContext(options: ContextOptions) {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await b.newContext(options);
    await (await context.newPage()).goto("/favicon.svg");
  });
  afterAll(() => context?.close());
  return async (path: string) => {
    const page = await context!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path);
    await page.locator("main").first().waitFor();
    await appStarted(page);
    return { page, errors };
  };
}

async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const visible = (selector: string) => {
      const element = document.querySelector(selector);
      return !!element && getComputedStyle(element).display !== "none" && element.getBoundingClientRect().height > 0;
    };
    return {
      sidebar: visible(".sidebar"),
      bottomBar: visible(".bottom-bar"),
      siteHeader: visible(".site-header"),
      authCard: visible(".auth-card"),
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
      overflowX: document.documentElement.scrollWidth > window.innerWidth + 1,
    };
  });
}

describe.each(["en", "ar"] as const)("every route in %s", (lang) => {
  describe.each(["desktop", "phone"] as const)("at %s width", (viewport) => {
    const openAsVisitor = sharedContext({ lang, viewport });
    const openSignedIn = sharedContext({ lang, viewport, token: sharedToken() });

    // A redirect does not depend on the width, and where it lands is checked at every width by that
    // page's own case: on phones the redirects are left out (both languages keep them on desktops).
    const cases = (redirected: Layout) =>
      routes.filter((route) => viewport === "desktop" || route.layout !== redirected).map((route) => [route.path, route] as const);

    it.each(cases("dashboard"))("as a visitor: %s", async (_path, route) => {
      const { page, errors } = await openAsVisitor(route.path);
      const expected = route.layout === "dashboard" ? byPath("/login") : route;
      await waitForTitle(page, title(expected, lang));
      expect(new URL(page.url()).pathname).toBe(route.layout === "dashboard" ? "/login" : route.path.split("?")[0]);
      const layout = await layoutOf(page);
      expect(layout).toMatchObject({ dir: lang === "ar" ? "rtl" : "ltr", lang, sidebar: false, bottomBar: false, overflowX: false });
      expect(expected.layout === "auth" ? layout.authCard : layout.siteHeader).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });

    it.each(cases("auth"))("signed in: %s", async (_path, route) => {
      const { page, errors } = await openSignedIn(route.path);
      const expected = route.layout === "auth" ? byPath("/dashboard") : route;
      await waitForTitle(page, title(expected, lang));
      const url = new URL(page.url());
      expect(url.pathname + url.search).toBe(route.layout === "auth" ? "/dashboard" : route.path);
      const layout = await layoutOf(page);
      expect(layout).toMatchObject({ dir: lang === "ar" ? "rtl" : "ltr", overflowX: false });
      if (expected.layout === "dashboard") {
        expect(layout.sidebar).toBe(viewport === "desktop");
        expect(layout.bottomBar).toBe(viewport === "phone");
        const bar = page.locator(viewport === "desktop" ? ".sidebar" : ".bottom-bar");
        expect(await bar.getByRole("link").count()).toBeGreaterThanOrEqual(4);
        // Log out in the sidebar on desktops; on phones behind the bottom bar's Account tab.
        const control =
          viewport === "desktop"
            ? page.locator(".sidebar").getByRole("button", { name: lang === "en" ? "Log out" : "تسجيل الخروج" })
            : page.locator(".bottom-bar").getByRole("button", { name: lang === "en" ? "Account" : "الحساب" });
        expect(await control.isVisible()).toBe(true);
      } else {
        expect(layout.siteHeader).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  });
});

describe("an unknown address", () => {
  it("answers HTTP 404 and still renders the not-found page, while known pages answer 200", async () => {
    const { page, context } = await b.openPage("/");
    try {
      const unknown = await page.goto("/no-such-page");
      expect(unknown?.status()).toBe(404);
      await waitForTitle(page, title(byPath("/no-such-page"), "en"));
      const known = await page.goto("/partners/tamr-wallet");
      expect(known?.status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
