import { startTransition, StrictMode } from "react";
import { Router } from "wouter";
import { waitFor } from "xstate";
import { navigate } from "wouter/use-browser-location";
import { isLocale } from "../../machines/shell/locale.machine.ts";
import { LANG_PARAM } from "../../contract/pages.ts";
import { appServicesInStages } from "./createActors.ts";
import { App } from "./App.tsx";
import { routeFor } from "./routes.ts";
import { watchLinkIntent } from "./preloadLinks.ts";
import { isPlayMoneyDemo } from "../shared/lib/playMoney.ts";
import { siteFactsAreDefaults } from "../shared/lib/siteConfig.ts";
import { browserPageViewTracker, installPageViewTracker } from "../features/analytics/index.ts";
import { loadChat } from "../features/chat/index.ts";

/**
 * Gives the browser a turn: the start-up runs as several short tasks instead of one long one,
 * so a slow phone answers a tap on the page meanwhile (Total Blocking Time).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * The first number formatted in a page (a plural's "#", a price) makes the browser load its number
 * data: 25 ms on a throttled phone, inside whatever task shows it (on / the live prices' first
 * answer, a long task). Done in an idle moment after the first render instead, alone.
 */
function warmNumberFormats(locale: string): void {
  const warm = () => {
    new Intl.NumberFormat(locale).format(1);
    new Intl.PluralRules(locale).select(1);
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 200);
}
/** User Timing marks of the start-up's stages, for `npm run bench:web` and the browser's profiler. */
const mark = (stage: string) => performance.mark?.(`sarraf:${stage}`);

/**
 * Starts the app in the page the server sent. Every module it needs was announced in the HTML
 * (modulepreload) and loads alongside the entry; they are evaluated one stage at a time, each in
 * its own task: this module's graph (the machines and views), the actors (in two stages: the
 * first one made also compiles XState), React DOM, the page and its catalog, then a first render
 * React does in slices. (On a throttled phone this cut Total Blocking Time from about 370 to about
 * 200–230 ms on /login and /dashboard; README has the latest figures.)
 */
export async function boot(): Promise<void> {
  mark("app-evaluated");
  await yieldToBrowser();
  const container = document.getElementById("root")!;
  // The server names the language it chose for this HTML (cookie, else Accept-Language); a
  // prerendered page also names its address. Neither is set by the development server.
  const served = document.documentElement.dataset.servedLocale;
  const servedLocale = isLocale(served) ? served : null;
  const prerendered = container.dataset.prerendered;
  // A language's own address (?lang=ar, the head's hreflang alternates) names its language.
  const addressed = new URLSearchParams(window.location.search).get(LANG_PARAM);
  const addressLocale = isLocale(addressed) ? addressed : null;

  const stages = appServicesInStages({
    navigate: (to, options) => navigate(to, options),
    path: () => window.location.pathname,
    address: () => window.location.pathname + window.location.search,
    servedLocale,
    addressLocale,
  });
  let step = stages.next();
  for (; !step.done; step = stages.next()) await yieldToBrowser();
  const services = step.value;
  const { locale } = services.actors;
  mark("actors-started");
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await import("react-dom/client");
  mark("react-dom-evaluated");
  await yieldToBrowser();
  // Render once the page's chunk and the catalog are in, so the first render neither waits on a
  // fallback nor differs from the HTML.
  await Promise.all([
    waitFor(locale, (state) => state.context.active !== null || state.hasTag("failed")),
    routeFor(window.location.pathname)
      .preload()
      .catch(() => undefined),
  ]);
  mark("page-and-catalog-ready");
  await yieldToBrowser();

  /** Lets the page be used: a prerendered page stays inert until React has taken it over, so no click or keystroke is lost. */
  const interactive = () => {
    container.removeAttribute("inert");
    mark("interactive");
    warmNumberFormats(locale.getSnapshot().context.active ?? "en");
  };
  const app = (
    <StrictMode>
      <Router>
        <App actors={services.actors} eventLog={services.eventLog} call={services.call} session={services.session} onCommitted={interactive} />
      </Router>
    </StrictMode>
  );
  // The HTML is what this visitor's first render would be only for the same page and language,
  // no query, and nothing stored that changes the page (a sign-in, a flow in progress); and not in
  // a demo with play money, whose banner the build's HTML does not have.
  const same =
    !isPlayMoneyDemo() &&
    siteFactsAreDefaults() &&
    prerendered === window.location.pathname &&
    (window.location.search === "" || (addressLocale !== null && window.location.search === `?${LANG_PARAM}=${addressLocale}`)) &&
    services.freshVisitor &&
    locale.getSnapshot().context.active === servedLocale;
  // The language is chosen (and stored) now: the address drops its ?lang=, so the language switcher
  // is not overruled by it on the next reload.
  if (addressLocale) {
    const clean = new URL(window.location.href);
    clean.searchParams.delete(LANG_PARAM);
    history.replaceState(history.state, "", clean);
  }
  // Each page shown from the first on records a page view; the chat follows the language (issue 28).
  installPageViewTracker(browserPageViewTracker());
  loadChat(locale);
  // As a transition, React renders in slices and yields between them.
  startTransition(() => {
    if (same) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  watchLinkIntent(document, routeFor);
}
