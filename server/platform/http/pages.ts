import { stat, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { LANG_PARAM, localeCookie, pathMatches, signedInHintCookie } from "../../../contract/pages.ts";
import { isLocale, negotiateLocale, type Locale } from "../i18n/index.ts";

/** tools/build/pages.ts writes it: which HTML file serves which route, per language. */
interface PageIndexEntry {
  path: string;
  prerendered: boolean;
  files: Record<Locale, string>;
  /** A signed-in page's HTML with its layout's shell, sent only with the signed-in hint cookie. */
  shellFiles?: Record<Locale, string>;
  /** A public content page the server draws per request (server/platform/http/content-pages.ts). */
  rendered?: boolean;
}

export const PAGES_DIR = ".pages";

/**
 * The language of a page's HTML: the address's own (`?lang=`, each language's address for search
 * engines), else the stored choice (its cookie), else Accept-Language, else English.
 */
export function pageLocale(c: Context): Locale {
  const asked = c.req.query(LANG_PARAM);
  if (isLocale(asked)) return asked;
  const chosen = getCookie(c, localeCookie);
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(c.req.header("Accept-Language"));
}

/** Whether the browser says it holds a sign-in (a hint for the HTML only: it grants nothing). */
export const hintsSignedIn = (c: Context) => getCookie(c, signedInHintCookie) === "1";

/**
 * The built HTML for an address, from the page index, re-read when a new build replaces it;
 * null when the build wrote none (then index.html serves every route, as before).
 */
export function pageFiles(staticDir: string) {
  const indexFile = join(staticDir, PAGES_DIR, "pages.json");
  let cached: { mtimeMs: number; entries: PageIndexEntry[] } | null = null;
  const entries = async (): Promise<PageIndexEntry[] | null> => {
    const info = await stat(indexFile).catch(() => null);
    if (!info) return null;
    if (cached?.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, entries: JSON.parse(await readFile(indexFile, "utf8")) as PageIndexEntry[] };
    return cached.entries;
  };
  return async (
    pathname: string,
    locale: Locale,
    signedIn: boolean,
  ): Promise<{ file: string; shell: boolean; rendered: boolean; notFoundFile: string | null } | null> => {
    const all = await entries();
    if (!all) return null;
    const entry = all.find((page) => page.path !== "*" && pathMatches(page.path, pathname)) ?? all.find((page) => page.path === "*");
    if (!entry) return null;
    const shell = signedIn && entry.shellFiles !== undefined;
    const notFound = all.find((page) => page.path === "*");
    return {
      file: join(staticDir, PAGES_DIR, (shell ? entry.shellFiles! : entry.files)[locale]),
      shell,
      rendered: entry.rendered === true,
      notFoundFile: notFound ? join(staticDir, PAGES_DIR, notFound.files[locale]) : null,
    };
  };
}
