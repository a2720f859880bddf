// The public content pages (the blog's list, a post, the partners, a partner), drawn by the server
// for each address with the answer to their first call in place, so a slow phone paints the text
// with the HTML rather than after the app's code has arrived and asked the API. Why per request and
// not at build time: the blog's filters are in the address (?category=…&page=2), the posts are in
// the database (loaded from their files at start), and an address with no post must answer 404.
import { readFile, stat } from "node:fs/promises";
import type { Context } from "hono";
import type { BlogPost, Partner } from "../../../contract/blog.ts";
import { contentCallOf } from "../../../contract/contentAnswers.ts";
import type { FirstAnswer } from "../../../contract/firstAnswers.ts";
import { routes } from "../../../contract/routes.ts";
import { SHELL_MARKERS } from "../../../contract/pages.ts";
import type { Locale } from "../i18n/index.ts";
import { withOwnHead } from "./content-head.ts";
import { firstAnswersElement } from "./first-answers.ts";
import type { RenderApp } from "./signed-in-render.ts";

/** What it needs of the app: to serve a request in-process (Hono's `app.request`). */
interface InProcess {
  request(input: URL, init: RequestInit, env?: unknown): Response | Promise<Response>;
}

export interface ContentPage {
  /** 200 with the page drawn; 404 when the address has no post or partner (the not-found page is sent). */
  status: 200 | 404;
  html: string;
}

/**
 * A content page's HTML for an address and language: the built file (`file`, with its empty
 * markers) with the page drawn inside and its answer beside it; null when the page's call did not
 * answer (the page is then sent as built, and the app asks itself). Drawn pages are kept in memory
 * (the content changes only at start; a new build's file is another key), at most `keep` of them.
 */
export function contentPages({
  app,
  base,
  render,
  readHtml = (_c, file) => readFile(file, "utf8"),
  originOf = (c) => new URL(c.req.url).origin,
  keep = 300,
}: {
  app: InProcess;
  base: string;
  render: RenderApp;
  /** The built file as sent (its head completed by the server), by default as it is on disk. */
  readHtml?: (c: Context, file: string) => Promise<string>;
  /** The site's origin for this request, for the page's own addresses (canonical, language versions). */
  originOf?: (c: Context) => string;
  keep?: number;
}) {
  const cache = new Map<string, ContentPage>();
  return async (c: Context, pathname: string, search: string, locale: Locale, file: string, notFoundFile: string | null): Promise<ContentPage | null> => {
    const call = contentCallOf(pathname, search, locale);
    if (!call) return null;
    // The file's time is in the key: a new build's page never gets an older build's drawing (its chunks are gone).
    const built = await stat(file).catch(() => null);
    const origin = originOf(c);
    const key = `${file}\n${built?.mtimeMs}\n${origin}\n${locale}\n${pathname}?${search}`;
    const kept = cache.get(key);
    if (kept) {
      // Most recently used last, so the oldest goes first.
      cache.delete(key);
      cache.set(key, kept);
      return kept;
    }
    const json = JSON.stringify(call.body);
    const response = await app.request(
      new URL(base + routes[call.route].path, c.req.url),
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": locale, "Accept-Encoding": "identity" },
        body: json,
      },
      c.env,
    );
    const envelope = (await response.json().catch(() => null)) as FirstAnswer["envelope"] | null;
    let page: ContentPage | null = null;
    let keepIt = true;
    const onePage = call.route === "blogPost" || call.route === "partnerPage";
    if (onePage && (response.status === 404 || response.status === 400)) {
      // No such post or partner (or an address name that cannot be one): the not-found page.
      if (notFoundFile) page = { status: 404, html: await readHtml(c, notFoundFile) };
    } else if (response.status === 200 && envelope?.status === "success") {
      const answers: FirstAnswer[] = [{ route: call.route, body: json, envelope }];
      const markup = await render(pathname, locale, { signedInShell: false, answers, search });
      // Without a drawing (none built, a failure, too slow) the page goes with its answer alone, and is drawn next time.
      keepIt = markup !== null;
      const template = await readHtml(c, file);
      const drawn = markup ? withMarkup(template, markup, pathname) : template;
      const html =
        call.route === "blogPost"
          ? withOwnHead(drawn, { route: "blogPost", data: envelope.data as BlogPost }, origin)
          : call.route === "partnerPage"
            ? withOwnHead(drawn, { route: "partnerPage", data: envelope.data as Partner }, origin)
            : drawn;
      page = { status: 200, html: html.replace("</body>", `${firstAnswersElement(answers)}\n  </body>`) };
    }
    // Anything else (a filter the server refuses, a failure) is sent as built: the app asks and shows why.
    if (!page) return null;
    if (!keepIt) return page;
    cache.set(key, page);
    if (cache.size > keep) cache.delete(cache.keys().next().value!);
    return page;
  };
}

/** The page drawn between the build's markers; the root names the address it was drawn for, so the app takes it over in place. */
function withMarkup(html: string, markup: string, pathname: string): string {
  const start = html.indexOf(SHELL_MARKERS.start);
  const end = html.indexOf(SHELL_MARKERS.end, start);
  if (start < 0 || end < 0) return html;
  const safePath = escapeHtml(pathname);
  // The markers go with it: the app hydrates the markup in place, and finds only its own nodes.
  return (html.slice(0, start) + markup + html.slice(end + SHELL_MARKERS.end.length)).replace(
    '<div id="root" data-rendered="server">',
    `<div id="root" data-rendered="server" data-prerendered="${safePath}" inert>`,
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
