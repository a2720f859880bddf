import { isPagePath, SHELL_MARKERS } from "../../../contract/pages.ts";
import { readFile, stat } from "node:fs/promises";
import { bestRepresentation, COMPRESSIBLE, compressText, encodingHeaders } from "./encoding.ts";
import { getCookie } from "hono/cookie";
import { quoteCookie, quoteOf } from "../../../contract/firstAnswers.ts";
import { firstAnswersElement, type FirstAnswersFor } from "./first-answers.ts";
import type { RenderSignedIn } from "./signed-in-render.ts";
import type { contentPages } from "./content-pages.ts";

type ContentPages = ReturnType<typeof contentPages>;
import { hintsSignedIn, pageFiles, pageLocale } from "./pages.ts";
import { extname, join, normalize, sep } from "node:path";
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types.ts";
import type { Logger } from "../logging/logger.ts";
import type { PageHtml } from "./page-html.ts";
import { DEFAULT_UPLOAD_MAX_BYTES } from "../../../contract/files.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

// Vite fingerprints everything under /assets, so a given URL never changes content.
const IMMUTABLE = "public, max-age=31536000, immutable";
// index.html names the current fingerprints; it must be revalidated on every visit.
const REVALIDATE = "no-cache";

/**
 * Serves the built SPA: real files first, then index.html for client routes (history fallback).
 * Source maps stay on disk for reading error reports but are served only in development.
 */
export function spaRoutes(
  staticDir: string,
  logger: Logger,
  {
    sourceMaps = true,
    firstAnswers,
    renderSignedIn,
    contentPage,
    playMoney = false,
    pageHtml,
    uploadMaxBytes = DEFAULT_UPLOAD_MAX_BYTES,
  }: {
    sourceMaps?: boolean;
    firstAnswers?: FirstAnswersFor;
    renderSignedIn?: RenderSignedIn;
    /** A public content page drawn with its first answer (content-pages.ts). */
    contentPage?: ContentPages;
    /** The sandbox on-ramp runs in production on purpose: every page's HTML says so to the app (see markPlayMoney). */
    playMoney?: boolean;
    /** The built pages as sent: the site's origin and settings in their head (page-html.ts); the files as they are without it. */
    pageHtml?: PageHtml;
    /** UPLOAD_MAX_BYTES: told to the app in every page's HTML when it is not the default (see markUploadLimit). */
    uploadMaxBytes?: number;
  } = {},
) {
  const root = normalize(staticDir + sep);
  const fileAt = async (decodedPath: string) => {
    const path = normalize(join(root, decodedPath));
    if (!path.startsWith(root)) return null;
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? path : null;
  };
  let warned = false;
  const pageFor = pageFiles(root);
  // The build's HTML as it is (and its compressed copies), unless a setting must be told to the app.
  const mark = (html: string) => markUploadLimit(playMoney ? markPlayMoney(html) : html, uploadMaxBytes);
  const marked = playMoney || uploadMaxBytes !== DEFAULT_UPLOAD_MAX_BYTES;
  const serveHtml = marked
    ? (c: Context, file: string, status: 200 | 404, headers: Record<string, string>) => sendMarked(c, file, status, headers, mark)
    : send;

  return new Hono<AppEnv>().on(["GET", "HEAD"], "*", async (c) => {
    const decoded = decodePath(c.req.path);
    // Undecodable paths and dotfiles (dist/.build-stamp) are never served nor treated as routes.
    if (decoded === null || decoded.split("/").some((part) => part.startsWith("."))) return notFound(c);
    if (!sourceMaps && decoded.toLowerCase().endsWith(".map")) return notFound(c);
    const file = await fileAt(decoded);
    if (file) {
      const cache = decoded.startsWith("/assets/") ? IMMUTABLE : file.endsWith(".html") ? REVALIDATE : "public, max-age=0, must-revalidate";
      return send(c, file, 200, { "Content-Type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream", "Cache-Control": cache });
    }
    // A missing fingerprinted asset is a real 404: serving HTML as JavaScript would hide the bug.
    const wantsHtml = /text\/html|\*\/\*/.test(c.req.header("Accept") ?? "*/*");
    if (decoded.startsWith("/assets/") || extname(decoded) !== "" || !wantsHtml) return notFound(c);
    // Any other address still gets the SPA (it renders its not-found page), but with status 404.
    const status = isPagePath(decoded) ? 200 : 404;
    // The route's own HTML in the visitor's language (prerendered for public pages), when built.
    const locale = pageLocale(c);
    const page = await pageFor(decoded, locale, hintsSignedIn(c));
    if (page && (await stat(page.file).catch(() => null))?.isFile()) {
      // A post, the blog's list or a partner's page: drawn with its content for this address.
      const drawn =
        page.rendered && status === 200 ? await contentPage?.(c, decoded, new URL(c.req.url).search.slice(1), locale, page.file, page.notFoundFile) : null;
      if (drawn) {
        const html = playMoney ? markPlayMoney(drawn.html) : drawn.html;
        const representation = compressText(Buffer.from(html), c.req.header("Accept-Encoding"));
        return c.body(representation.body, drawn.status, {
          "Content-Type": TYPES[".html"]!,
          "Cache-Control": REVALIDATE,
          "Content-Language": locale,
          Vary: "Accept-Encoding, Accept-Language, Cookie",
          ...(representation.encoding === "identity" ? {} : { "Content-Encoding": representation.encoding }),
        });
      }
      // A signed-in page's first calls, answered in its HTML for the session its cookie names.
      const answers = page.shell && status === 200 && c.req.method === "GET" ? await firstAnswers?.(c, decoded, locale) : null;
      if (answers?.length) {
        let html = (pageHtml ? await pageHtml.html(c, page.file) : await readFile(page.file, "utf8")).replace(
          "</body>",
          `${firstAnswersElement(answers)}\n  </body>`,
        );
        if (!pageHtml) html = mark(html);
        // The page drawn with those answers in place of its empty shell: the user's data is in the
        // first paint. Without a render (none built, a failure, too slow) the shell stays.
        const markup = await renderSignedIn?.(decoded, locale, answers, quoteOf(getCookie(c, quoteCookie)));
        if (markup) html = withShell(html, markup);
        const representation = compressText(Buffer.from(html), c.req.header("Accept-Encoding"));
        return c.body(representation.body, 200, {
          "Content-Type": TYPES[".html"]!,
          // The user's own data: never kept by a browser's cache or a proxy.
          "Cache-Control": "no-store",
          "Content-Language": locale,
          Vary: "Accept-Encoding, Accept-Language, Cookie",
          ...(representation.encoding === "identity" ? {} : { "Content-Encoding": representation.encoding }),
        });
      }
      const pageHeaders = {
        "Content-Type": TYPES[".html"]!,
        "Cache-Control": REVALIDATE,
        "Content-Language": locale,
        // The same address answers per language (?lang=, else cookie, else Accept-Language) and encoding.
        Vary: "Accept-Encoding, Accept-Language, Cookie",
      };
      if (pageHtml) {
        const representation = await pageHtml.representation(c, page.file);
        return c.body(representation.body, status, {
          ...pageHeaders,
          ...(representation.encoding === "identity" ? {} : { "Content-Encoding": representation.encoding }),
        });
      }
      return serveHtml(c, page.file, status, pageHeaders);
    }
    const index = await fileAt("/index.html");
    if (!index) {
      if (!warned) logger.error("spa.missing", { staticDir: root, hint: "run `npm run build`" });
      warned = true;
      return c.html(unbuiltPage(root), 503, { "Cache-Control": REVALIDATE });
    }
    return serveHtml(c, index, status, { "Content-Type": TYPES[".html"]!, "Cache-Control": REVALIDATE });
  });
}

/** The HTML with `markup` in place of its shell (between the markers tools/build/pages.ts writes). */
export function withShell(html: string, markup: string): string {
  const start = html.indexOf(SHELL_MARKERS.start);
  const end = html.indexOf(SHELL_MARKERS.end, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start + SHELL_MARKERS.start.length) + markup + html.slice(end);
}

/** The attribute on <html> that tells the app, before it runs, that it is a demo with play money (src/shared/lib/playMoney.ts). */
export const PLAY_MONEY_ATTRIBUTE = "data-play-money";

/** The page's HTML marked as a play-money demo: no request of its own, read at the app's first render. */
export function markPlayMoney(html: string): string {
  return html.replace(/<html\b/i, `<html ${PLAY_MONEY_ATTRIBUTE}="demo"`);
}

/**
 * The attribute on <html> that tells the app the server's UPLOAD_MAX_BYTES (src/shared/lib/uploadLimit.ts),
 * so a page refuses a larger file before sending it: set only when it is not the contract's default,
 * which the app assumes without it (the build's pages and their compressed copies then go out as built).
 */
export const UPLOAD_LIMIT_ATTRIBUTE = "data-upload-max-bytes";

export function markUploadLimit(html: string, maxBytes: number): string {
  return maxBytes === DEFAULT_UPLOAD_MAX_BYTES ? html : html.replace(/<html\b/i, `<html ${UPLOAD_LIMIT_ATTRIBUTE}="${Math.trunc(maxBytes)}"`);
}

/** An HTML file marked (a play-money demo, a setting the app is told), compressed as it goes out (the build's copies are unmarked). */
async function sendMarked(c: Context, file: string, status: 200 | 404, headers: Record<string, string>, mark: (html: string) => string) {
  const html = mark(await readFile(file, "utf8"));
  const representation = compressText(Buffer.from(html), c.req.header("Accept-Encoding"));
  return c.body(representation.body, status, { ...headers, ...encodingHeaders(representation, true), ...(headers.Vary ? { Vary: headers.Vary } : {}) });
}

/** A file in the best encoding the browser accepts that the build stored (text files have .br and .gz copies). */
async function send(c: Context, file: string, status: 200 | 404, headers: Record<string, string>) {
  const compressible = COMPRESSIBLE.has(extname(file).toLowerCase());
  const representation = compressible
    ? await bestRepresentation(file, c.req.header("Accept-Encoding"))
    : { body: await readFile(file), encoding: "identity" as const };
  const encoding = encodingHeaders(representation, compressible);
  return c.body(representation.body, status, { ...headers, ...encoding, ...(headers.Vary && encoding.Vary ? { Vary: headers.Vary } : {}) });
}

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

const notFound = (c: Context) => c.text("Not found", 404, { "Cache-Control": REVALIDATE });

function unbuiltPage(root: string) {
  const safe = root.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><title>Sarraf is not built</title>
<h1>The web app is not built</h1>
<p>There is no index.html in <code>${safe}</code>. Run <code>npm run build</code> (or <code>npm start</code>, which builds first), or set STATIC_DIR to the folder that holds the build.</p>`;
}
