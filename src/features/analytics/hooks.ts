// What the app shell uses of analytics: the tracker the browser installs at start, and the hook
// that tells it a page is shown. Nothing is recorded where no tracker is installed (prerendering,
// view tests that do not install one).
import { useEffect } from "react";
import type { PageViewTracker } from "./services/pageViews.ts";

let installed: PageViewTracker | null = null;
/** A tracker whose code is still loading: pages shown meanwhile are told to it, in order, once it is in. */
let loading: Promise<PageViewTracker> | null = null;

/** Makes `tracker` the one every page reports to (src/app/boot.tsx; tests install their own). */
export function installPageViewTracker(tracker: PageViewTracker | Promise<PageViewTracker> | null): void {
  if (tracker instanceof Promise) {
    installed = null;
    loading = tracker;
    void tracker.then(
      (loaded) => {
        if (loading !== tracker) return;
        installed = loaded;
        loading = null;
      },
      () => {
        if (loading === tracker) loading = null;
      },
    );
    return;
  }
  installed = tracker;
  loading = null;
}

/** Reports the page shown at `address` once it is committed. */
export function usePageView(address: string): void {
  useEffect(() => {
    if (installed) installed.shown(address);
    else void loading?.then((tracker) => tracker.shown(address)).catch(() => undefined);
  }, [address]);
}
