// A test page for running a machine's generated paths through its real screens in Chromium: a
// page entry (which installs the ui-paths hook, tools/statecharts/ui-page.ts) bundled by Vite with
// the app's own plugins, kept in memory and served under its own base at the e2e server's origin.
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { build, type PluginOption, type Rolldown } from "vite";
import { beforeAll, inject } from "vitest";
import { repoRoot } from "../../tools/statecharts/discover.ts";
import { uiPathsHook } from "../../tools/statecharts/ui-page.ts";
import viteConfig from "../../vite.config.ts";
import type { BrowserHandle } from "./browser.ts";

type Output = Rolldown.RolldownOutput["output"];

// The app's build ends by writing the service worker, every page's HTML and compressed copies into
// dist (vite.config.ts): not for a bundle kept in memory, and never over the dist the server sends.
const notForTestPages = new Set(["sarraf:after-build"]);

/** The entry (a path from the project root) bundled as the app is, kept in memory. */
async function bundle(entry: string, base: string): Promise<Output> {
  const plugins = (viteConfig.plugins ?? []).flat(Infinity as 1) as PluginOption[];
  const output = (await build({
    configFile: false,
    logLevel: "warn",
    root: repoRoot,
    base,
    plugins: plugins.filter((plugin) => !(plugin && typeof plugin === "object" && "name" in plugin && notForTestPages.has(plugin.name))),
    build: { write: false, minify: false, modulePreload: false, rollupOptions: { input: join(repoRoot, entry) } },
  })) as Rolldown.RolldownOutput;
  return output.output;
}

const types: Record<string, string> = { js: "text/javascript", css: "text/css", svg: "image/svg+xml", woff2: "font/woff2", json: "application/json" };

/**
 * Bundles `entry` and serves it under `base` in this context (everything else still reaches the
 * server); answers the page's address.
 */
export async function servePathsPage(context: BrowserContext, entry: string, base: string): Promise<string> {
  const files = await bundle(entry, base);
  const main = files.find((file): file is Rolldown.OutputChunk => file.type === "chunk" && file.isEntry)!;
  const css = [...((main as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sarraf</title>${css.map((f) => `<link rel="stylesheet" href="${base}${f}">`).join("")}</head><body><div id="root"></div><script type="module" src="${base}${main.fileName}"></script></body></html>`;
  const byName = new Map(files.map((file) => [file.fileName, file.type === "chunk" ? file.code : file.source]));
  await context.route(`**${base}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(base.length);
    if (name === "") return route.fulfill({ contentType: "text/html", body: html });
    const body = byName.get(name);
    if (body === undefined) return route.fulfill({ status: 404 });
    return route.fulfill({
      contentType: types[name.split(".").pop()!] ?? "application/octet-stream",
      body: typeof body === "string" ? body : Buffer.from(body),
    });
  });
  return `${inject("baseURL")}${base}`;
}

/** The page of a paths test, once its bundle has loaded and installed the ui-paths hook. */
export interface PathsPage {
  readonly page: Page;
  /** Uncaught errors the page raised. */
  readonly errors: readonly string[];
}

/**
 * Call at the top of a test file: before its tests, bundles `entry`, serves it under `base` in a
 * fresh context of `browser` and opens it until the hook is there.
 */
export function openPathsPage(browser: BrowserHandle, entry: string, base: string): PathsPage {
  const errors: string[] = [];
  let page: Page | undefined;
  beforeAll(async () => {
    // The page is the bundle served here, on no server: nothing to seed.
    const context = await browser.newContext({ seed: false });
    const url = await servePathsPage(context, entry, base);
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
