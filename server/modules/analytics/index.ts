// What the composition root mounts of analytics: the page-view handler; the operator's report.
export { analyticsHandlers } from "./routes.ts";
export { topPages, type TopPagesDay } from "./report.ts";
