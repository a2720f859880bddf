// The one table of every API path under /api/v1: its request body, its answer's `data`, whether
// it needs a session, and the failures it documents. The SPA's typed call, the server's
// validation middleware, the OpenAPI document and the tests all read this table. Each group's
// routes are defined in a file of their own (contract/*Routes.ts, built with routeDef.ts's route())
// and listed here in the table's order, which is the OpenAPI document's order of paths and tags.
import { z } from "zod";
import { routePaths } from "./routePaths.ts";
import { sessionEnded, validation } from "./failures.ts";
import { pushTokenSchema } from "./notifications.ts";
import { tradingRoutes } from "./trading.ts";
import { sessionRoutes } from "./sessionRoutes.ts";
import { profileRoutes } from "./profileRoutes.ts";
import { marketRoutes } from "./marketRoutes.ts";
import { portfolioRoutes } from "./portfolioRoutes.ts";
import { onrampRoutes } from "./onrampRoutes.ts";
import { pnlRoutes } from "./pnlRoutes.ts";
import { kycRoutes } from "./kycRoutes.ts";
import { contactRoutes } from "./contactRoutes.ts";
import { fileRoutes } from "./fileRoutes.ts";
import { withdrawalRoutes } from "./withdrawalRoutes.ts";
import { analyticsRoutes } from "./analyticsRoutes.ts";
import { blogRoutes } from "./blogRoutes.ts";
import { route, type RouteDef } from "./routeDef.ts";

export type { RouteDef } from "./routeDef.ts";

/** A call that takes no body (or ignores one). */
const anyBody = z.unknown();
const nothing = z.null();

export const routes = {
  health: route({
    path: routePaths.health,
    methods: ["GET", "POST"],
    auth: "none",
    group: "System",
    summary: "Liveness probe: the kind of database, nothing more.",
    status: "live",
    request: anyBody,
    response: z.object({ database: z.enum(["pglite", "postgresql"]) }),
    failures: [],
  }),

  // Session
  signup: sessionRoutes.signup,
  login: sessionRoutes.login,
  sendOtp: sessionRoutes.sendOtp,
  verifyOtp: sessionRoutes.verifyOtp,
  forgotPassword: sessionRoutes.forgotPassword,
  resetPassword: sessionRoutes.resetPassword,
  socialLogin: sessionRoutes.socialLogin,
  logout: sessionRoutes.logout,

  // Profile
  getProfile: profileRoutes.getProfile,
  updateProfile: profileRoutes.updateProfile,
  setPassword: profileRoutes.setPassword,
  changePassword: profileRoutes.changePassword,
  uploadProfileImage: route(fileRoutes.uploadProfileImage),
  addFile: route(fileRoutes.addFile),

  // Notifications
  pushToken: route({
    path: routePaths.pushToken,
    methods: ["POST"],
    auth: "session",
    group: "Notifications",
    summary: "Registers this browser's push subscription for the signed-in user.",
    status: "live",
    request: pushTokenSchema,
    response: nothing,
    failures: [validation, sessionEnded],
  }),

  // Public
  contactStart: route(contactRoutes.contactStart),
  contactUs: route(contactRoutes.contactUs),
  blogList: route(blogRoutes.blogList),
  blogPost: route(blogRoutes.blogPost),
  partnerList: route(blogRoutes.partnerList),
  partnerPage: route(blogRoutes.partnerPage),
  subscribe: route(contactRoutes.subscribe),
  subscribeConfirm: route(contactRoutes.subscribeConfirm),
  unsubscribe: route(contactRoutes.unsubscribe),
  pageViewAdd: route(analyticsRoutes.pageViewAdd),

  // Market
  currencyList: marketRoutes.currencyList,
  getPrice: marketRoutes.getPrice,
  marketTickers: marketRoutes.marketTickers,
  priceHistory: marketRoutes.priceHistory,
  addFavToken: marketRoutes.addFavToken,
  dashboardMarketInfo: marketRoutes.dashboardMarketInfo,

  // Trading
  ...pnlRoutes,
  transactionsHistory: portfolioRoutes.transactionsHistory,
  swipeluxQuote: onrampRoutes.swipeluxQuote,
  swipeluxSendOrder: onrampRoutes.swipeluxSendOrder,
  swipeluxStatus: onrampRoutes.swipeluxStatus,
  swipeluxCancel: onrampRoutes.swipeluxCancel,
  balances: portfolioRoutes.balances,
  // Trading against the house on quotes (contract/trading.ts).
  tradeQuote: route(tradingRoutes.tradeQuote),
  tradeAccept: route(tradingRoutes.tradeAccept),
  sellSendOrder: route(tradingRoutes.sellSendOrder),

  // KYC
  checkKyc: route(kycRoutes.checkKyc),
  kycDetails: route(kycRoutes.kycDetails),
  kycSubmit: route(kycRoutes.kycSubmit),

  // Withdrawals
  vaultWithdraw: route(withdrawalRoutes.vaultWithdraw),
  withdrawList: route(withdrawalRoutes.withdrawList),
  withdrawAdd: route(withdrawalRoutes.withdrawAdd),
  withdrawUpdate: route(withdrawalRoutes.withdrawUpdate),
  withdrawDelete: route(withdrawalRoutes.withdrawDelete),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** Routes the server serves today (the others answer 501). */
export type LiveRouteName = { [K in RouteName]: Routes[K]["status"] extends "live" ? K : never }[RouteName];
/** What the caller sends: the schema's input (before trimming and lower-casing). */
export type RequestOf<R extends RouteName> = z.input<Routes[R]["request"]>;
/** What the success envelope's `data` holds. */
export type ResponseOf<R extends RouteName> = z.output<Routes[R]["response"]>;

export const routeList: readonly (RouteDef & { name: RouteName })[] = Object.entries(routes).map(([name, def]) => ({ ...def, name: name as RouteName }));
