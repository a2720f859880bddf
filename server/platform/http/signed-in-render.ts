import { stat } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FirstAnswer } from "../../../contract/firstAnswers.ts";
import type { QuoteCurrency } from "../../../contract/quotes.ts";
import type { Locale } from "../i18n/index.ts";
import type { Logger } from "../logging/logger.ts";

/**
 * A signed-in page's markup (what goes inside #root) drawn with the answers to its first calls,
 * or null when it cannot be had in time: the page is then sent with its shell, as without it.
 */
export type RenderSignedIn = (pathname: string, locale: Locale, answers: FirstAnswer[], quote: QuoteCurrency) => Promise<string | null>;

/** What the server uses of the app built for Node (src/app/prerender.tsx, written by tools/build/pages.ts). */
interface AppForNode {
  renderPage(path: string, locale: Locale, options: RenderOptions): Promise<string>;
}

/** How a page is drawn: as signed in (its layout's shell) or public, with its first answers, at an address's query. */
export interface RenderOptions {
  signedInShell: boolean;
  answers: FirstAnswer[];
  quote?: QuoteCurrency;
  /** The query, without `?` (the blog's filters). */
  search?: string;
}

/** A page's markup with its first answers, or null when it cannot be had in time (signed-in pages and public content pages alike). */
export type RenderApp = (pathname: string, locale: Locale, options: RenderOptions) => Promise<string | null>;

/** tools/build/pages.ts writes it (SSR_DIR): the app as one Node module. */
const SSR_ENTRY = join(".ssr", "prerender.js");

/**
 * Renders signed-in pages with the app the build wrote for Node, so a slow phone shows the user's
 * data with the first paint of the HTML rather than after the app's code has arrived and run.
 *
 * One render at a time: the app's translations are one global catalog, which a render in another
 * language would switch under it (a render takes a few milliseconds once the page's code is loaded).
 * A render that fails or takes over `timeoutMs` (counted from the request) counts as none, and the
 * next one starts; a build without the module renders nothing. The module is re-imported when a new build replaces it.
 */
export function signedInRenderer(staticDir: string, logger: Logger, options: { timeoutMs?: number } = {}): RenderSignedIn {
  const render = appRenderer(staticDir, logger, options);
  return (pathname, locale, answers, quote) => render(pathname, locale, { signedInShell: true, answers, quote });
}

/** The renderer of signedInRenderer, for any page: one render at a time, each within `timeoutMs`. */
export function appRenderer(staticDir: string, logger: Logger, { timeoutMs = 2_000 }: { timeoutMs?: number } = {}): RenderApp {
  const entry = join(staticDir, SSR_ENTRY);
  let loaded: { mtimeMs: number; app: Promise<AppForNode> } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const app = async (): Promise<AppForNode | null> => {
    const info = await stat(entry).catch(() => null);
    if (!info) return null;
    if (loaded?.mtimeMs !== info.mtimeMs)
      loaded = { mtimeMs: info.mtimeMs, app: import(`${pathToFileURL(entry).href}?build=${info.mtimeMs}`) as Promise<AppForNode> };
    return loaded.app;
  };

  // Loaded now, not with the first signed-in page after a start (importing it takes a moment).
  app().catch(() => undefined);

  return async (pathname, locale, options) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
    const render = queue.then(async () => {
      const module = await app();
      return module ? module.renderPage(pathname, locale, options) : null;
    });
    // The next render waits for this one, or no longer than its time: one that never ends holds up nothing.
    queue = Promise.race([render, late]).catch(() => undefined);
    try {
      const markup = await Promise.race([render, late]);
      if (markup === "late") {
        logger.warn("ssr.late", { path: pathname, ms: timeoutMs });
        return null;
      }
      return markup;
    } catch (error) {
      // Its kind only: a render's error may quote the data it was drawing.
      logger.error("ssr.failed", { path: pathname, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.name : "unknown" });
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
