// What other parts of the app use of analytics: the page-view hook and the browser's tracker.
export { installPageViewTracker, usePageView } from "./hooks.ts";
export { browserPageViewTracker } from "./services/browser.ts";
export { createPageViewTracker, type PageViewEdges, type PageViewSink, type PageViewTracker } from "./services/pageViews.ts";
