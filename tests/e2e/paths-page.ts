// A test page for running a machine's generated paths through its real screens in Chromium: a
// page entry (which installs the ui-paths hook, tools/statecharts/ui-page.ts) bundled by Vite with
// the app's own plugins and served under one base at the e2e server's origin.
//
// Every paths page is bundled in one build, once per run: the first file that needs one builds
// them all into the run's folder (global-setup.ts), the others wait for it. Three builds of the
// same app code, one per file, were three times the CPU.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { build, type PluginOption, type Rolldown } from "vite";
import { beforeAll, inject } from "vitest";
import { repoRoot } from "../../tools/statecharts/discover.ts";
import { uiPathsHook } from "../../tools/statecharts/ui-page.ts";
import viteConfig from "../../vite.config.ts";
import type { BrowserHandle } from "./browser.ts";

/** Every paths page of the e2e project (from the project root). */
export const PATHS_ENTRIES = [
  "tests/e2e/auth/auth-paths-page.tsx",
  "tests/e2e/exchange/exchange-paths-page.tsx",
  "tests/e2e/onramp/buy-paths-page.tsx",
] as const;
export type PathsEntry = (typeof PATHS_ENTRIES)[number];

/** Where the pages are served, at the e2e server's origin (the browser context answers it; the server never sees it). */
const BASE = "/__paths/";

// The app's build ends by writing the service worker, every page's HTML and compressed copies into
// dist (vite.config.ts): not for these pages, and never over the dist the server sends.
const notForTestPages = new Set(["sarraf:after-build"]);

interface Bundle {
  /** Each entry's page, by entry. */
  pages: Record<string, string>;
  /** Every file of the build, by name under the base. */
  files: string[];
}

/** Bundles every entry as the app is, into `out`, and says which page is whose. */
async function bundleAll(out: string): Promise<Bundle> {
  const plugins = (viteConfig.plugins ?? []).flat(Infinity as 1) as PluginOption[];
  const output = (
    (await build({
      configFile: false,
      logLevel: "warn",
      root: repoRoot,
      base: BASE,
      plugins: plugins.filter((plugin) => !(plugin && typeof plugin === "object" && "name" in plugin && notForTestPages.has(plugin.name))),
      build: {
        write: false,
        minify: false,
        modulePreload: false,
        rollupOptions: { input: Object.fromEntries(PATHS_ENTRIES.map((entry) => [basename(entry, ".tsx"), join(repoRoot, entry)])) },
      },
    })) as Rolldown.RolldownOutput
  ).output;
  const pages: Record<string, string> = {};
  for (const file of output) {
    const path = join(out, file.fileName);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.type === "chunk" ? file.code : file.source);
    if (file.type !== "chunk" || !file.isEntry) continue;
    const css = [...((file as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
    const entry = PATHS_ENTRIES.find((candidate) => basename(candidate, ".tsx") === file.name)!;
    pages[entry] =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sarraf</title>${css.map((f) => `<link rel="stylesheet" href="${BASE}${f}">`).join("")}</head>` +
      `<body><div id="root"></div><script type="module" src="${BASE}${file.fileName}"></script></body></html>`;
  }
  return { pages, files: output.map((file) => file.fileName) };
}

/** The run's bundle: built here if no other file has begun it, else waited for (its folder says when it is done). */
async function runBundle(): Promise<{ out: string; bundle: Bundle }> {
  const folder = inject("pathsBundleDir");
  const out = join(folder, "out");
  const done = join(folder, "bundle.json");
  const failed = join(folder, "failed");
  let mine = false;
  try {
    closeSync(openSync(join(folder, "building"), "wx"));
    mine = true;
  } catch {
    // another file is building it
  }
  if (mine) {
    try {
      const bundle = await bundleAll(out);
      writeFileSync(done, JSON.stringify(bundle));
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
  }
  // A build takes seconds; the hook's own bound (180 s) catches a hang.
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`the paths pages' build failed in another file: ${readFileSync(failed, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { out, bundle: JSON.parse(readFileSync(done, "utf8")) as Bundle };
}

const types: Record<string, string> = { js: "text/javascript", css: "text/css", svg: "image/svg+xml", woff2: "font/woff2", json: "application/json" };

/** Serves the run's bundle in this context (everything else still reaches the server); answers `entry`'s page address. */
export async function servePathsPage(context: BrowserContext, entry: PathsEntry): Promise<string> {
  const { out, bundle } = await runBundle();
  const html = bundle.pages[entry];
  if (!html) throw new Error(`${entry} is not a paths page of the bundle (PATHS_ENTRIES)`);
  const known = new Set(bundle.files);
  const page = `${basename(entry, ".tsx")}.html`;
  await context.route(`**${BASE}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(BASE.length);
    if (name === page) return route.fulfill({ contentType: "text/html", body: html });
    if (!known.has(name)) return route.fulfill({ status: 404 });
    return route.fulfill({ contentType: types[name.split(".").pop()!] ?? "application/octet-stream", body: readFileSync(join(out, name)) });
  });
  return `${inject("baseURL")}${BASE}${page}`;
}

/** The page of a paths test, once its bundle has loaded and installed the ui-paths hook. */
export interface PathsPage {
  readonly page: Page;
  /** Uncaught errors the page raised. */
  readonly errors: readonly string[];
}

/**
 * Call at the top of a test file: before its tests, serves `entry`'s page (bundled with the others,
 * once per run) in a fresh context of `browser` and opens it until the hook is there.
 */
export function openPathsPage(browser: BrowserHandle, entry: PathsEntry): PathsPage {
  const errors: string[] = [];
  let page: Page | undefined;
  beforeAll(async () => {
    // The page is the bundle served here, on no server: nothing to seed.
    const context = await browser.newContext({ seed: false });
    const url = await servePathsPage(context, entry);
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction((name) => name in globalThis, uiPathsHook);
  }, 180_000);
  return {
    get page() {
      if (!page) throw new Error("the paths page is opened in beforeAll");
      return page;
    },
    errors,
  };
}
