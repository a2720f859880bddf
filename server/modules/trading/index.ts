// What the composition root mounts of trading (issue 26): quotes against the house and their acceptance.
export { tradingHandlers, type TradingDeps } from "./routes.ts";
