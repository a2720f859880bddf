// What other parts of the app use of analytics: the page-view hook and the browser's tracker.
import type { PageViewTracker } from "./services/pageViews.ts";

export { installPageViewTracker, usePageView } from "./hooks.ts";
export { createPageViewTracker, type PageViewEdges, type PageViewSink, type PageViewTracker } from "./services/pageViews.ts";

/** The browser's tracker (services/browser.ts), its code loaded apart from the app's first render. */
export const loadBrowserPageViewTracker = (): Promise<PageViewTracker> => import("./services/browser.ts").then((module) => module.browserPageViewTracker());
