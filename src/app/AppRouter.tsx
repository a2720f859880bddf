import { Suspense, useEffect, useLayoutEffect, type ReactNode } from "react";
import { Route, Switch, useLocation, useSearch } from "wouter";
import { useAppActor } from "../shared/actors/context.tsx";
import { DocumentTitle } from "../shared/ui/DocumentTitle.tsx";
import { PageSkeleton } from "../shared/ui/PageSkeleton.tsx";
import { AuthLayout } from "./layouts/AuthLayout.tsx";
import { DashboardLayout } from "./layouts/DashboardLayout.tsx";
import { PublicLayout } from "./layouts/PublicLayout.tsx";
import { notFoundRoute, routes, type LayoutKind, type RouteEntry } from "./routes.ts";

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

/** Tells the progress bar the page has rendered; inside Suspense, so only once its chunk is loaded. */
function RouteReady() {
  const progress = useAppActor("routeProgress");
  useEffect(() => {
    progress.send({ type: "route.done" });
  }, [progress]);
  return null;
}

function RoutePage({ route, location }: { route: RouteEntry; location: string }) {
  const Page = route.page;
  return (
    <Layout kind={route.layout}>
      <DocumentTitle title={route.title} />
      <Suspense fallback={<PageSkeleton />}>
        <Page />
        <RouteReady key={location} />
      </Suspense>
    </Layout>
  );
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
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <RoutePage route={route} location={key} />
        </Route>
      ))}
      <Route>
        <RoutePage route={notFoundRoute} location={key} />
      </Route>
    </Switch>
  );
}
