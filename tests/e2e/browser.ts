import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

// Debian's Chromium, never a downloaded browser; the flags keep it off this machine's closed network.
// Every test file launches it through setupBrowser() below.
function launchBrowser(): Promise<Browser> {
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
export type Viewport = keyof typeof viewports;

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

export interface ContextOptions extends Omit<BrowserContextOptions, "viewport"> {
  /** Default: desktop. */
  viewport?: Viewport;
  /** The language stored before the first load (default en). */
  lang?: "en" | "ar";
  /** The session stored before the first load (default: none). */
  token?: string | null;
  /** false: storage as a first visit finds it, so the browser's own language (`locale`) decides. */
  seed?: boolean;
}

/** A fresh context's page, with the uncaught errors it raises. */
export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

export interface BrowserHandle {
  /** The launched browser, for what the helpers below do not cover; there from the file's first beforeAll. */
  readonly browser: Browser;
  /** A context on the app's server (or the file's own), its storage seeded unless `seed: false`. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A fresh context and its first page, nothing loaded yet. */
  newPage(options?: ContextOptions): Promise<OpenedPage>;
  /** A fresh context's page at `path`, once the app has taken it over. */
  openPage(path: string, options?: ContextOptions): Promise<OpenedPage>;
}

/**
 * The one browser of a test file: call at the top of the file (or of a describe), before any hook
 * that uses it. It registers the beforeAll that launches Debian's Chromium and the afterAll that
 * closes it with every context still open. `baseURL` names a file's own server, read when each
 * context is made, since that server only starts in the file's beforeAll.
 */
export function setupBrowser({ baseURL = () => inject("baseURL") }: { baseURL?: () => string } = {}): BrowserHandle {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(() => launched?.close());

  const handle: BrowserHandle = {
    get browser() {
      if (!launched) throw new Error("the browser is launched in setupBrowser's beforeAll: call setupBrowser() before the hooks that use it");
      return launched;
    },
    async newContext({ viewport = "desktop", lang = "en", token = null, seed = true, ...options } = {}) {
      const context = await handle.browser.newContext({ viewport: viewports[viewport], baseURL: baseURL(), ...options });
      if (seed) await seedStorage(context, { lang, token });
      return context;
    },
    async newPage(options) {
      const context = await handle.newContext(options);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      return { page, context, errors };
    },
    async openPage(path, options) {
      const opened = await handle.newPage(options);
      await opened.page.goto(path);
      await opened.page.locator("main").first().waitFor();
      await appStarted(opened.page);
      return opened;
    },
  };
  return handle;
}

/** A new session of a seeded account, by logging in through the API: for tests in files other than the one using freshToken(). */
export async function sessionToken(account: "codeLogin" | "reset" | "switchTo" = "codeLogin"): Promise<string> {
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
