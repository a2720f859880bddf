import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import type * as Prerender from "../../src/app/prerender.tsx";
import type { RouteFacts } from "../../src/app/prerender.tsx";
import { SHELL_MARKERS } from "../../contract/pages.ts";
import { locales, type Locale } from "../../contract/vocabulary.ts";
import { headTags } from "./head.ts";
import { catalogPartKey, pagePart } from "./catalog-plugin.ts";

/**
 * The HTML of every route, in every language, written after the client build:
 *
 *   dist/.pages/<locale>/<route key>.html   dist/.pages/pages.json (which file serves which route)
 *   dist/.ssr/prerender.js                  the app as a Node module, for the server's renders
 *
 * Each page names its language and direction on <html>, its title, and announces what its first
 * render needs beside the entry (modulepreload of the page's chunk and the language's catalog,
 * and the page's CSS), so they load in parallel with it instead of after it. Routes marked
 * `prerender` carry their content too: the app rendered in Node for a first-time visitor, which
 * the browser hydrates. The folder is dotted: the server reads it, it is never served by URL.
 */
export const PAGES_DIR = ".pages";
/**
 * The app built for Node (src/app/prerender.tsx), with every package inside it, so it runs from
 * wherever the build is written: the server renders a signed-in page with the user's first data
 * from it (server/platform/http/signed-in-render.ts).
 */
export const SSR_DIR = ".ssr";

interface ManifestChunk {
  file: string;
  src?: string;
  dynamicImports?: string[];
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PageIndexEntry {
  /** The route's pattern (contract/pages.ts), or "*" for every other address. */
  path: string;
  prerendered: boolean;
  files: Record<Locale, string>;
  /** A signed-in page's HTML with its layout's shell, for a browser that holds a sign-in. */
  shellFiles?: Record<Locale, string>;
  /** A public content page: the server draws it per address between its markers (server/platform/http/content-pages.ts). */
  rendered?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The manifest keys of `keys` and everything they import statically. */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * What a page needs before its first render: the chunks the entry's own HTML does not already
 * name (to preload), and every stylesheet of the entry and the page (to inline).
 */
export function needs(manifest: Manifest, keys: string[]): { preload: string[]; css: string[] } {
  const entry = closure(manifest, ["index.html"]);
  const all = closure(manifest, ["index.html", ...keys]);
  return {
    preload: [...all].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file),
    // The app's one stylesheet (vite.config.ts: cssCodeSplit off), and any a chunk still names.
    css: [...new Set([...standaloneSheets(manifest), ...[...all].flatMap((key) => manifest[key]!.css ?? [])])],
  };
}

/** Stylesheets the build emitted on their own (not a chunk's): with CSS not split, the whole app's. */
function standaloneSheets(manifest: Manifest): string[] {
  return Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith(".css"));
}

/**
 * The modules the entry starts the app with, by dynamic import (src/main.tsx, src/app/boot.tsx):
 * the app's own graph, then React DOM. Every page needs them before its first render.
 */
export function bootKeys(manifest: Manifest): string[] {
  // The entry imports one module dynamically, src/app/boot.tsx (src/main.tsx). Its chunk is named
  // by it, or is a chunk it shares with other code (a build with the statecharts viewer does that).
  const boot = manifest["index.html"]?.dynamicImports ?? [];
  const reactDom = boot.flatMap((key) => (manifest[key]!.dynamicImports ?? []).filter((d) => /node_modules\/react-dom\//.test(manifest[d]?.src ?? d)));
  if (boot.length !== 1 || reactDom.length !== 1)
    throw new Error("The entry no longer starts the app through src/app/boot.tsx and React DOM: update tools/build/pages.ts");
  return [...boot, ...reactDom];
}

/** The typed API client, loaded with the first call (src/shared/api/lazyCall.ts). */
const API_CLIENT = "src/shared/api/typedCall.ts";

/** Every module a route's first render needs, for a language: with the page, its catalog's core and the page's own part (tools/build/catalog-plugin.ts). */
export const firstRenderKeys = (manifest: Manifest, module: string, locale: string) => [
  "index.html",
  ...bootKeys(manifest),
  module,
  ...[catalogPartKey(locale, "core"), catalogPartKey(locale, pagePart(module))].filter((key) => manifest[key]),
];

const fileKey = (path: string) => (path === "*" ? "not-found" : path === "/" ? "home" : path.slice(1).replace(/[^a-z0-9-]+/gi, "_"));

export async function writePages({ root, outDir, mode }: { root: string; outDir: string; mode: string }): Promise<PageIndexEntry[]> {
  const dist = resolve(root, outDir);
  // A folder per build (builds may run side by side, as the e2e set-up's do): Node caches an
  // imported module by its address, and the chunks must import the very instance loaded here
  // (one React context, one router). Removed once the pages are written.
  const ssrOut = resolve(root, "node_modules/.cache/sarraf-prerender", `${process.pid}-${Date.now()}`);
  try {
    const index = await renderAll(ssrOut, dist, { root, mode });
    await rm(join(dist, SSR_DIR), { recursive: true, force: true });
    await cp(ssrOut, join(dist, SSR_DIR), { recursive: true });
    return index;
  } finally {
    await rm(ssrOut, { recursive: true, force: true });
  }
}

async function renderAll(ssrOut: string, dist: string, { root, mode }: { root: string; mode: string }): Promise<PageIndexEntry[]> {
  // The same configuration (plugins, settings) as the client build, as a Node module; the
  // configuration's post-build steps see `build.ssr` and stay out of this one.
  await build({
    root,
    mode,
    logLevel: "warn",
    // Self-contained: the server imports it from the build's folder, which may be outside the project.
    ssr: { noExternal: true },
    build: {
      ssr: "src/app/prerender.tsx",
      outDir: ssrOut,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
      // One file: the server imports it afresh after a rebuild (by a new address), which a chunk it
      // shared with an earlier build would defeat.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const module = (await import(pathToFileURL(join(ssrOut, "prerender.js")).href)) as typeof Prerender;
  const manifest = JSON.parse(await readFile(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const template = await readFile(join(dist, "index.html"), "utf8");
  const routes: RouteFacts[] = await module.routeFacts(locales);

  await rm(join(dist, PAGES_DIR), { recursive: true, force: true });
  const index: PageIndexEntry[] = [];
  for (const route of routes) {
    const files = {} as PageIndexEntry["files"];
    let shellFiles: PageIndexEntry["files"] | undefined;
    for (const locale of locales) {
      const head = async (keys: string[]) => {
        const { preload, css } = needs(manifest, keys);
        // The styles go inline: a stylesheet request would block the first paint for another round
        // trip, sharing a slow link with the scripts. (They are a few KB compressed.)
        const styles = (await Promise.all(css.map((file) => readFile(join(dist, file), "utf8")))).join("\n");
        return template
          .replace(/<html[^>]*>/, `<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}" data-served-locale="${locale}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(route.titles[locale])}</title>`)
          .replace(/\s*<link rel="stylesheet"[^>]*>/g, "")
          .replace(
            "</head>",
            `  ${headTags(route, locale)}\n    ${preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ")}\n    <style>${styles.replace(/<\/style/gi, "<\\/style")}</style>\n  </head>`,
          );
      };
      const keys = firstRenderKeys(manifest, route.module, locale);
      let html = await head(keys);
      if (route.prerender) {
        const markup = await module.renderPage(route.path, locale);
        html = html.replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(route.path)}" inert>${markup}</div>`);
      } else if (route.rendered) {
        html = html.replace('<div id="root"></div>', `<div id="root" data-rendered="server">${SHELL_MARKERS.start}${SHELL_MARKERS.end}</div>`);
      }
      const file = `${locale}/${fileKey(route.path)}.html`;
      await mkdir(join(dist, PAGES_DIR, locale), { recursive: true });
      await writeFile(join(dist, PAGES_DIR, file), html);
      files[locale] = file;
      if (route.shell && !route.path.includes(":")) {
        // Sent only to a browser that holds a sign-in (its hint cookie); others get the page without it.
        const markup = await module.renderPage(route.path, locale, { signedInShell: true });
        const shellFile = `${locale}/${fileKey(route.path)}.shell.html`;
        // A signed-in page's first render asks the API at once (the session, the page's data): its
        // client comes with the rest rather than after the app has started.
        const shellHead = await head([...keys, API_CLIENT]);
        await writeFile(
          join(dist, PAGES_DIR, shellFile),
          shellHead.replace(
            '<div id="root"></div>',
            `<div id="root" data-shell="${escapeHtml(route.path)}" inert>${SHELL_MARKERS.start}${markup}${SHELL_MARKERS.end}</div>`,
          ),
        );
        (shellFiles ??= {} as PageIndexEntry["files"])[locale] = shellFile;
      }
    }
    index.push({ path: route.path, prerendered: route.prerender, files, ...(shellFiles ? { shellFiles } : {}), ...(route.rendered ? { rendered: true } : {}) });
  }
  await writeFile(join(dist, PAGES_DIR, "pages.json"), JSON.stringify(index, null, 2));
  return index;
}
