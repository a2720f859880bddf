// What the composition root mounts of the portfolio, and the port a feature implements to list its
// entries in the history.
export { portfolioHandlers, type PortfolioDeps } from "./routes.ts";
export type { AnyHistorySource, HistoryPosition, HistoryQuery, HistorySource } from "./history.ts";
