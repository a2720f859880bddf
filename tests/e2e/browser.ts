import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

// Debian's Chromium, never a downloaded browser; the flags keep it off this machine's closed network.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** A session that no test ends: for tests that only look. */
export function sharedToken(): string {
  return inject("tokens")[0]!;
}

let nextToken = 1;
/** A live session token of its own, for a test that may end it (only one test file may use these). */
export function freshToken(): string {
  const token = inject("tokens")[nextToken++];
  if (!token) throw new Error("ran out of seeded session tokens: raise the count in global-setup.ts");
  return token;
}

export interface PageOptions {
  viewport?: keyof typeof viewports;
  lang?: "en" | "ar";
  token?: string | null;
}

/** Before the app's first load only (later reloads must see what the app itself stored): the language and a session. */
export async function seedStorage(context: BrowserContext, { lang, token }: { lang: "en" | "ar"; token: string | null }): Promise<void> {
  await context.addInitScript(
    ({ lang, token }) => {
      if (sessionStorage.getItem("e2e-seeded")) return;
      sessionStorage.setItem("e2e-seeded", "1");
      localStorage.setItem("lang", lang);
      if (token) localStorage.setItem("authUser", JSON.stringify({ Token: token }));
    },
    { lang, token },
  );
}

export async function openPage(browser: Browser, path: string, options: PageOptions = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: viewports[options.viewport ?? "desktop"], baseURL: inject("baseURL") });
  const errors: string[] = [];
  await seedStorage(context, { lang: options.lang ?? "en", token: options.token ?? null });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path);
  await page.locator("main").first().waitFor();
  await appStarted(page);
  return { page, context, errors };
}

/** A new session of a seeded account, by logging in through the API: for tests in files other than the one using freshToken(). */
export async function sessionToken(account: "codeLogin" | "reset" = "codeLogin"): Promise<string> {
  const { email, password } = inject("accounts")[account];
  const response = await fetch(`${inject("baseURL")}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { Token?: string } };
  if (!body.data?.Token) throw new Error(`login of the seeded ${account} account failed: ${response.status}`);
  return body.data.Token;
}

/** Until the app has taken over the page: a prerendered page (or a signed-in page's shell) is inert until then. */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root !== null && root.childElementCount > 0 && !root.hasAttribute("inert");
  });
}
