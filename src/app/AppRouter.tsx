import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Route, Switch, useLocation, useSearch } from "wouter";
import { useAppActor } from "../shared/actors/context.tsx";
import { useSelector } from "../shared/actors/hooks.ts";
import { tokenOf } from "../../machines/auth/auth.state.ts";
import { DocumentTitle } from "../shared/ui/DocumentTitle.tsx";
import { PageSkeleton } from "../shared/ui/PageSkeleton.tsx";
import { AuthLayout } from "./layouts/AuthLayout.tsx";
import { DashboardLayout } from "./layouts/DashboardLayout.tsx";
import { PublicLayout } from "./layouts/PublicLayout.tsx";
import { notFoundRoute, routes, siteDescription, type LayoutKind, type RouteEntry } from "./routes.ts";
import { usePageView } from "../features/analytics/index.ts";

function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  switch (kind) {
    case "auth":
      return <AuthLayout>{children}</AuthLayout>;
    case "dashboard":
      return <DashboardLayout>{children}</DashboardLayout>;
    case "partner":
      return <PublicLayout variant="partner">{children}</PublicLayout>;
    case "public":
      return <PublicLayout>{children}</PublicLayout>;
  }
}

/** Focus on the page's heading (or its main region), so a screen reader announces the new page. */
function focusPage() {
  const target = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * Tells the progress bar the page has rendered; inside Suspense, so only once its chunk is loaded.
 * After a route change (not the first load) focus moves to the new page's heading.
 */
function RouteReady({ moveFocus }: { moveFocus: boolean }) {
  const progress = useAppActor("routeProgress");
  useEffect(() => {
    progress.send({ type: "route.done" });
    if (moveFocus) focusPage();
  }, [progress, moveFocus]);
  return null;
}

/**
 * A page view (issue 28), inside Suspense beside RouteReady: mounted only once the page itself has
 * rendered, so a route that redirects (a layout's <Redirect>) never reports its address.
 */
function PageViewRecorded({ address }: { address: string }) {
  usePageView(address);
  return null;
}

/** The first link on every page: straight to the main content, past the header and navigation. */
function SkipLink() {
  const { t } = useLingui();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById("main");
        if (!main) return;
        if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
        main.focus();
      }}
    >
      {t`Skip to main content`}
    </a>
  );
}

function RoutePage({ route, location, moveFocus }: { route: RouteEntry; location: string; moveFocus: boolean }) {
  const Page = route.page;
  return (
    <Layout kind={route.layout}>
      <DocumentTitle title={route.title} description={route.description ?? siteDescription} />
      <Suspense fallback={<PageSkeleton />}>
        <Page />
        <RouteReady key={location} moveFocus={moveFocus} />
        <PageViewRecorded address={location} />
      </Suspense>
    </Layout>
  );
}

/**
 * Each session's pages are its own: when one session gives way to another without a sign-out in
 * between (someone else signed in in another tab) the page mounts again, with new actors, as the old
 * session's were stopped (src/shared/actors/session.ts). A sign-in or a sign-out alone keeps the page
 * (it navigates by itself; a public page such as the statecharts viewer keeps its state).
 */
function useSessionSwitches(token: string | null): number {
  const seen = useRef({ token, switches: 0 });
  if (token !== seen.current.token) {
    if (token !== null && seen.current.token !== null) seen.current.switches += 1;
    seen.current.token = token;
  }
  return seen.current.switches;
}

export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const progress = useAppActor("routeProgress");
  // A layout effect runs before the page's passive effects, so start always precedes done.
  useLayoutEffect(() => {
    progress.send({ type: "route.start" });
    window.scrollTo?.(0, 0);
  }, [progress, location]);

  const key = `${location}?${search}`;
  // The first page keeps the browser's own focus; every later one moves it to its heading, the
  // first address too when the user comes back to it.
  const firstKey = useRef<string | null>(key);
  if (firstKey.current !== null && key !== firstKey.current) firstKey.current = null;
  const moveFocus = firstKey.current === null;
  const sessions = useSessionSwitches(useSelector(useAppActor("auth"), (state) => tokenOf(state.context.user)) ?? null);
  return (
    <>
      <SkipLink />
      <Switch key={sessions}>
        {routes.map((route) => (
          <Route key={route.path} path={route.path}>
            <RoutePage route={route} location={key} moveFocus={moveFocus} />
          </Route>
        ))}
        <Route>
          <RoutePage route={notFoundRoute} location={key} moveFocus={moveFocus} />
        </Route>
      </Switch>
    </>
  );
}
