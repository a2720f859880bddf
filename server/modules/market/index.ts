// What the composition root mounts of the market, and what other modules may read: the price service.
export { marketHandlers } from "./routes.ts";
export { devPriceRoutes } from "./dev.routes.ts";
export { createPriceService, type PriceService } from "./prices.ts";
export type { PriceSource, SourceSnapshot } from "./source.ts";
export { assets } from "./schema.ts";
export { priceString } from "./format.ts";
