import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { waitFor } from "xstate";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Locale } from "../../machines/shell/locale.machine.ts";
import { createFlowStore } from "../features/auth/adapters/flowStore.ts";
import { createAppStorage, memoryStore, storageKeys } from "../shared/adapters/storage.ts";
import { firstAnswersOf } from "../shared/api/firstAnswers.ts";
import type { FirstAnswer } from "../../contract/firstAnswers.ts";
import type { QuoteCurrency } from "../../contract/quotes.ts";
import { RenderedQuoteCurrency } from "../features/market/index.ts";
import { App } from "./App.tsx";
import { SignedInShell } from "./layouts/DashboardLayout.tsx";
import { createAppServices, type AppServices } from "./createActors.ts";
import { notFoundRoute, routes, siteDescription } from "./routes.ts";

/**
 * Rendering in Node. At build time (tools/build/pages.ts runs this module once): every route's
 * module and title, and the HTML of the routes marked `prerender`, as a first-time visitor who
 * chose `locale` sees them. Per request (the server imports the build's copy, dist/.ssr, in
 * server/platform/http/signed-in-render.ts): a signed-in page with the answers to its first calls.
 * The app is composed as in the browser, with storage in memory and no API: a page rendered here
 * never needs the server for its first render.
 */
export interface RouteFacts {
  path: string;
  module: string;
  prerender: boolean;
  /** A signed-in page: its HTML is the layout and the page's first render, shown until the app replaces it. */
  shell: boolean;
  /** A public content page the server draws per request with its first answer (a post, the blog's list). */
  rendered: boolean;
  /** The page's title in each language, as the app sets it. */
  titles: Record<Locale, string>;
  /** Its description in each language (its own, else the site's): the head's meta and Open Graph description. */
  descriptions: Record<Locale, string>;
  /** The site's name in each language, for og:site_name. */
  siteNames: Record<Locale, string>;
}

/**
 * The app as the browser composes it, for a first visit in `locale` at `path`, its catalog loaded.
 * With `answers`, the calls they answer are answered (each once); any other call fails.
 */
async function composed<T>(path: string, locale: Locale, work: (services: AppServices) => Promise<T>, answers: FirstAnswer[] = []): Promise<T> {
  const services = createAppServices({
    navigate: () => {},
    path: () => path,
    storage: createAppStorage(memoryStore({ [storageKeys.lang]: locale })),
    flowStore: createFlowStore(memoryStore()),
    call: () => Promise.reject(new Error(`Prerendering ${path} made an API call`)),
    languages: [locale],
    // No sign-in is stored here (the layout is drawn as signed in by SignedInShell): the answers
    // are taken with no token.
    firstAnswers: firstAnswersOf(answers, null, { freshForMs: Number.POSITIVE_INFINITY }),
  });
  try {
    await waitFor(services.actors.locale, (state) => state.context.active !== null, { timeout: 10_000 });
    return await work(services);
  } finally {
    services.stop();
  }
}

export async function routeFacts(locales: readonly Locale[]): Promise<RouteFacts[]> {
  const titles = new Map<string, Record<string, string>>();
  const descriptions = new Map<string, Record<string, string>>();
  const siteNames: Record<string, string> = {};
  for (const locale of locales)
    await composed("/", locale, async () => {
      siteNames[locale] = i18n._(msg`Sarraf`);
      for (const route of [...routes, notFoundRoute]) {
        titles.set(route.path, { ...titles.get(route.path), [locale]: `${i18n._(route.title)} | ${i18n._(msg`Sarraf`)}` });
        descriptions.set(route.path, { ...descriptions.get(route.path), [locale]: i18n._(route.description ?? siteDescription) });
      }
    });
  return [...routes, notFoundRoute].map((route) => ({
    path: route.path,
    module: route.module,
    prerender: route.prerender === true,
    shell: route.layout === "dashboard",
    rendered: route.rendered === "server",
    titles: titles.get(route.path) as Record<Locale, string>,
    descriptions: descriptions.get(route.path) as Record<Locale, string>,
    siteNames: siteNames as Record<Locale, string>,
  }));
}

/**
 * The markup inside #root for one page in one language, once every lazy part has loaded. With
 * `signedInShell`, a signed-in page as its layout and first render look: with no data at build
 * time, or (the server, per request) with the `answers` to the page's first calls for the user's
 * session and the quote currency they were asked in. The browser shows it until the app, started,
 * replaces it (never hydrated: the app's render differs in its details).
 */
export function renderPage(
  path: string,
  locale: Locale,
  {
    signedInShell = false,
    answers = [],
    quote = null,
    search = "",
  }: { signedInShell?: boolean; answers?: FirstAnswer[]; quote?: QuoteCurrency | null; search?: string } = {},
): Promise<string> {
  return composed(
    path,
    locale,
    async (services) => {
      const errors: unknown[] = [];
      const { prelude } = await prerenderToNodeStream(
        <StrictMode>
          <SignedInShell value={signedInShell}>
            <RenderedQuoteCurrency value={quote}>
              <Router ssrPath={path} ssrSearch={search}>
                <App actors={services.actors} eventLog={undefined} call={services.call} />
              </Router>
            </RenderedQuoteCurrency>
          </SignedInShell>
        </StrictMode>,
        {
          // A part that failed would be left for the browser to draw: the page is not rendered.
          onError: (error) => void errors.push(error),
          // Every part in place, in order: React would otherwise send a large page's parts after
          // their fallbacks, put in place by inline scripts, which the CSP does not run.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
        },
      );
      let html = "";
      for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
      if (errors.length > 0) throw errors[0];
      return html;
    },
    answers,
  );
}
