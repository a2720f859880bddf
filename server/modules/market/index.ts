// What the composition root mounts of the market, and what other modules may use: the catalog of
// assets and their prices (never the tables).
export { marketHandlers } from "./routes.ts";
export { devPriceRoutes } from "./dev.routes.ts";
export { createPriceService, type PriceService } from "./prices.ts";
export type { PriceSource, SourceSnapshot } from "./source.ts";
export { createCatalog, type AssetPrice, type Catalog } from "./catalog.ts";
export type { MarketDeps } from "./routes.ts";
// The portfolio values holdings at past moments from the same history the charts draw.
export { RANGES, type SourcePoint } from "./source.ts";
export { priceString } from "./format.ts";
export type { FxDays, FxHistory } from "./fx-history.ts";
