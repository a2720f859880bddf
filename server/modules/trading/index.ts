// What the composition root mounts of trading (issue 26): quotes against the house, their acceptance, and trades in the history.
export { tradingHandlers, type TradingDeps } from "./routes.ts";
export { tradeHistory } from "./history.ts";
export { fundInventory, houseStatement } from "./house.ts";
export { seedHouse, DEV_HOUSE_SEED } from "./seed.ts";
