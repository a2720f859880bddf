import { startTransition, StrictMode } from "react";
import { Router } from "wouter";
import { createRoot, hydrateRoot } from "react-dom/client";
import { waitFor } from "xstate";
import { navigate } from "wouter/use-browser-location";
import { isLocale } from "../machines/shell/locale.machine.ts";
import { createAppServices } from "./app/createActors.ts";
import { App } from "./app/App.tsx";
import { routeFor } from "./app/routes.ts";
import { watchLinkIntent } from "./app/preloadLinks.ts";
import "./styles.css";

const container = document.getElementById("root")!;
// The server names the language it chose for this HTML (cookie, else Accept-Language); a
// prerendered page also names its address. Neither is set by the development server.
const served = document.documentElement.dataset.servedLocale;
const servedLocale = isLocale(served) ? served : null;
const prerendered = container.dataset.prerendered;

const services = createAppServices({ navigate: (to, options) => navigate(to, options), path: () => window.location.pathname, servedLocale });

/** Lets the page be used: a prerendered page stays inert until React has taken it over, so no click or keystroke is lost. */
const interactive = () => container.removeAttribute("inert");

async function start() {
  const { locale } = services.actors;
  // Both were announced in the HTML (modulepreload) and load alongside this entry: render once
  // they are in, so the first render neither waits on a fallback nor differs from the HTML.
  await Promise.all([
    waitFor(locale, (state) => state.context.active !== null || state.hasTag("failed")),
    routeFor(window.location.pathname)
      .preload()
      .catch(() => undefined),
  ]);
  const app = (
    <StrictMode>
      <Router>
        <App actors={services.actors} eventLog={services.eventLog} onCommitted={interactive} />
      </Router>
    </StrictMode>
  );
  // The HTML is what this visitor's first render would be only for the same page and language,
  // no query, and nothing stored that changes the page (a sign-in, a flow in progress).
  const same =
    prerendered === window.location.pathname && window.location.search === "" && services.freshVisitor && locale.getSnapshot().context.active === servedLocale;
  // As a transition, React renders in slices and yields between them: no long task blocks a
  // slow phone's first taps (the HTML is on screen meanwhile).
  startTransition(() => {
    if (same) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  watchLinkIntent(document, routeFor);
}

void start();
