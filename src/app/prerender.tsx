import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { waitFor } from "xstate";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Locale } from "../../machines/shell/locale.machine.ts";
import { createFlowStore } from "../features/auth/adapters/flowStore.ts";
import { createAppStorage, memoryStore, storageKeys } from "../shared/adapters/storage.ts";
import { App } from "./App.tsx";
import { SignedInShell } from "./layouts/DashboardLayout.tsx";
import { createAppServices, type AppServices } from "./createActors.ts";
import { notFoundRoute, routes } from "./routes.ts";

/**
 * Build-time rendering (tools/build/pages.ts runs this module once, in Node): every route's
 * module and title, and the HTML of the routes marked `prerender`, as a first-time visitor who
 * chose `locale` sees them. The app is composed as in the browser, with storage in memory and no
 * API: a prerendered page must not need the server for its first render.
 */
export interface RouteFacts {
  path: string;
  module: string;
  prerender: boolean;
  /** A signed-in page: its HTML is the layout and the page's first render, shown until the app replaces it. */
  shell: boolean;
  /** The page's title in each language, as the app sets it. */
  titles: Record<Locale, string>;
}

/** The app as the browser composes it, for a first visit in `locale` at `path`, its catalog loaded. */
async function composed<T>(path: string, locale: Locale, work: (services: AppServices) => Promise<T>): Promise<T> {
  const services = createAppServices({
    navigate: () => {},
    path: () => path,
    storage: createAppStorage(memoryStore({ [storageKeys.lang]: locale })),
    flowStore: createFlowStore(memoryStore()),
    call: () => Promise.reject(new Error(`Prerendering ${path} made an API call`)),
    languages: [locale],
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
  for (const locale of locales)
    await composed("/", locale, async () => {
      for (const route of [...routes, notFoundRoute])
        titles.set(route.path, { ...titles.get(route.path), [locale]: `${i18n._(route.title)} | ${i18n._(msg`Sarraf`)}` });
    });
  return [...routes, notFoundRoute].map((route) => ({
    path: route.path,
    module: route.module,
    prerender: route.prerender === true,
    shell: route.layout === "dashboard",
    titles: titles.get(route.path) as Record<Locale, string>,
  }));
}

/**
 * The markup inside #root for one page in one language, once every lazy part has loaded. With
 * `signedInShell`, a signed-in page as its layout and first render look (no user's data): the
 * browser shows it until the app, started, replaces it (never hydrated: the app's render differs).
 */
export function renderPage(path: string, locale: Locale, { signedInShell = false } = {}): Promise<string> {
  return composed(path, locale, async (services) => {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <SignedInShell value={signedInShell}>
          <Router ssrPath={path} ssrSearch="">
            <App actors={services.actors} eventLog={undefined} call={services.call} />
          </Router>
        </SignedInShell>
      </StrictMode>,
    );
    let html = "";
    for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    return html;
  });
}
