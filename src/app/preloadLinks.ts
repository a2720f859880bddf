import type { RouteEntry } from "./routes.ts";

/**
 * Loads a page's chunk as soon as a link to it is pointed at or focused, so the click that
 * usually follows finds it ready (no fallback, no wait on a slow connection). One listener on
 * the document covers every link, including ones rendered later.
 */
export function watchLinkIntent(root: Pick<Document, "addEventListener" | "removeEventListener">, routeOf: (pathname: string) => RouteEntry): () => void {
  const started = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target === "_blank") return;
    const route = routeOf(link.pathname);
    if (started.has(route.module)) return;
    started.add(route.module);
    // A failed preload is forgotten: the click loads the page as usual and may retry.
    route.preload().catch(() => started.delete(route.module));
  };
  root.addEventListener("pointerover", onIntent, { passive: true });
  root.addEventListener("focusin", onIntent);
  return () => {
    root.removeEventListener("pointerover", onIntent);
    root.removeEventListener("focusin", onIntent);
  };
}
