// What a user holds and how it moved, a group of the contract's table (contract/routes.ts). Profit
// and loss over the same holdings are in contract/pnlRoutes.ts.
import { sessionEnded, validation } from "./failures.ts";
import { balancesRequestSchema, balancesSchema, historyRequestSchema, historySchema } from "./portfolio.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

export const portfolioRoutes = {
  transactionsHistory: route({
    path: routePaths.transactionsHistory,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "The user's movements, newest first, with each order's timeline; filters and a cursor.",
    status: "live",
    request: historyRequestSchema,
    response: historySchema,
    failures: [validation, sessionEnded],
  }),
  balances: route({
    path: routePaths.balances,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "Each asset's available and held amounts and their value in a currency.",
    status: "live",
    request: balancesRequestSchema,
    response: balancesSchema,
    failures: [validation, sessionEnded],
  }),
};
