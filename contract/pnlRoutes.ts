// The portfolio's profit-and-loss calls, a group of the contract's table (contract/routes.ts).
import { sessionEnded, validation } from "./failures.ts";
import { portfolioRequestSchema, portfolioSchema, portfolioValueRequestSchema, portfolioValueSchema, reportRequestSchema, reportSchema } from "./pnl.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

export const pnlRoutes = {
  portfolio: route({
    path: routePaths.portfolio,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "Holdings and cash with price, value, share, cost basis and profit and loss, on a FIFO or average cost basis.",
    status: "live",
    request: portfolioRequestSchema,
    response: portfolioSchema,
    failures: [validation, sessionEnded],
  }),
  portfolioValue: route({
    path: routePaths.portfolioValue,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "The total's value at the end of each day of a range, from the ledger and the price history.",
    status: "live",
    request: portfolioValueRequestSchema,
    response: portfolioValueSchema,
    failures: [validation, sessionEnded],
  }),
  buySellReport: route({
    path: routePaths.buySellReport,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "Per asset for a period: bought, sold, converted, average prices, fees and realised profit and loss, with the CSV.",
    status: "live",
    request: reportRequestSchema,
    response: reportSchema,
    failures: [validation, sessionEnded],
  }),
};
