// What the app shell uses of analytics: the tracker the browser installs at start, and the hook
// that tells it a page is shown. Nothing is recorded where no tracker is installed (prerendering,
// view tests that do not install one).
import { useEffect } from "react";
import type { PageViewTracker } from "./services/pageViews.ts";

let installed: PageViewTracker | null = null;

/** Makes `tracker` the one every page reports to (src/app/boot.tsx; tests install their own). */
export function installPageViewTracker(tracker: PageViewTracker | null): void {
  installed = tracker;
}

/** Reports the page shown at `address` once it is committed. */
export function usePageView(address: string): void {
  useEffect(() => {
    installed?.shown(address);
  }, [address]);
}
