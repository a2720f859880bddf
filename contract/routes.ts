// The one table of every API path under /api/v1: its request body, its answer's `data`, whether
// it needs a session, and the failures it documents. The SPA's typed call, the server's
// validation middleware, the OpenAPI document and the tests all read this table.
import { z } from "zod";
import { routePaths } from "./routePaths.ts";
import { changePasswordSchema, profileRequestSchema, setPasswordSchema, updateProfileSchema } from "./account.ts";
import {
  codeSentSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signedInUserSchema,
  signupSchema,
  socialLoginSchema,
  verifyOtpSchema,
} from "./auth.ts";
import {
  currencyListRequestSchema,
  currencyListSchema,
  dashboardMarketRequestSchema,
  dashboardMarketSchema,
  favouriteSchema,
  favouritesSchema,
  getPriceSchema,
  priceHistoryRequestSchema,
  priceHistorySchema,
  priceSchema,
  tickersRequestSchema,
  tickersSchema,
} from "./market.ts";
import {
  codeExpired,
  codeInvalid,
  failure,
  plainFailure,
  pricesStale,
  pricesUnavailable,
  rateLimited,
  sessionEnded,
  unknownSymbol,
  validation,
} from "./failures.ts";
import { pushTokenSchema } from "./notifications.ts";
import { buyAmountSchema, buyOrderSchema, buyQuoteSchema, orderStatusRequestSchema, sendOrderSchema } from "./onramp.ts";
import { tradingRoutes } from "./trading.ts";
import { balancesRequestSchema, balancesSchema, historyRequestSchema, historySchema } from "./portfolio.ts";
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
  signup: route({
    path: routePaths.signup,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Creates an unverified account and e-mails a sign-up code; answers alike for known addresses.",
    status: "live",
    request: signupSchema,
    response: codeSentSchema,
    failures: [validation, rateLimited],
  }),
  login: route({
    path: routePaths.login,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Signs in with e-mail and password.",
    status: "live",
    request: loginSchema,
    response: signedInUserSchema,
    failures: [
      validation,
      failure("invalidCredentials", "Wrong e-mail or password (never says which)."),
      failure("emailNotVerified", "Right password, e-mail not verified yet; data.email."),
      failure("codeRequired", "Too many wrong passwords for this account: sign in by e-mail code; data.email."),
      rateLimited,
    ],
  }),
  sendOtp: route({
    path: routePaths.sendOtp,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "E-mails a sign-in code; its token binds the code to this browser.",
    status: "live",
    request: sendOtpSchema,
    response: codeSentSchema,
    failures: [validation, rateLimited],
  }),
  verifyOtp: route({
    path: routePaths.verifyOtp,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Signs in with an e-mailed code (and verifies the e-mail).",
    status: "live",
    request: verifyOtpSchema,
    response: signedInUserSchema,
    failures: [validation, codeInvalid, codeExpired, rateLimited],
  }),
  forgotPassword: route({
    path: routePaths.forgotPassword,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "E-mails a password-reset code; answers alike for unknown addresses.",
    status: "live",
    request: forgotPasswordSchema,
    response: codeSentSchema,
    failures: [validation, rateLimited],
  }),
  resetPassword: route({
    path: routePaths.resetPassword,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Sets a new password with the reset code; ends every session.",
    status: "live",
    request: resetPasswordSchema,
    response: nothing,
    failures: [validation, codeInvalid, codeExpired, rateLimited],
  }),
  socialLogin: route({
    path: routePaths.socialLogin,
    methods: ["POST"],
    auth: "none",
    group: "Session",
    summary: "Turns the social sign-in popup's one-time code into a session.",
    status: "live",
    request: socialLoginSchema,
    response: signedInUserSchema,
    failures: [validation, failure("socialCodeInvalid", "The code is unknown, used or expired.")],
  }),
  logout: route({
    path: routePaths.logout,
    methods: ["POST"],
    auth: "session",
    group: "Session",
    summary: "Ends this session.",
    status: "live",
    request: anyBody,
    response: nothing,
    failures: [sessionEnded],
  }),

  // Profile
  getProfile: route({
    path: routePaths.getProfile,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "The signed-in user's own profile.",
    status: "live",
    request: profileRequestSchema,
    response: profileSchema,
    failures: [plainFailure(400, "The body is not an object of optional ids."), sessionEnded, plainFailure(403, "The id names someone else.")],
  }),
  updateProfile: route({
    path: routePaths.updateProfile,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "Changes the full name or the language of e-mails.",
    status: "live",
    request: updateProfileSchema,
    response: profileSchema,
    failures: [validation, sessionEnded],
  }),
  setPassword: route({
    path: routePaths.setPassword,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "The first password of an account made by e-mail code or a social sign-in.",
    status: "live",
    request: setPasswordSchema,
    response: profileSchema,
    failures: [validation, sessionEnded, failure("passwordAlreadySet", "The account has a password: change it instead.")],
  }),
  changePassword: route({
    path: routePaths.changePassword,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "Changes the password; ends the user's other sessions.",
    status: "live",
    request: changePasswordSchema,
    response: nothing,
    failures: [validation, sessionEnded, failure("currentPasswordWrong", "The current password is not right."), rateLimited],
  }),
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
  currencyList: route({
    path: routePaths.currencyList,
    methods: ["POST", "GET"],
    auth: "none",
    group: "Market",
    summary: "Listed assets and quote currencies; with a session, the user's favourites too.",
    status: "live",
    request: currencyListRequestSchema,
    response: currencyListSchema,
    failures: [],
  }),
  getPrice: route({
    path: routePaths.getPrice,
    methods: ["POST"],
    auth: "session",
    group: "Market",
    summary: "The price of a symbol in a currency, its 24-hour change and how fresh it is.",
    status: "live",
    request: getPriceSchema,
    response: priceSchema,
    failures: [validation, unknownSymbol, sessionEnded, pricesUnavailable],
  }),
  marketTickers: route({
    path: routePaths.marketTickers,
    methods: ["POST"],
    auth: "none",
    group: "Market",
    summary: "Every listed asset's price, 24-hour change and 7-day sparkline in a currency.",
    status: "live",
    request: tickersRequestSchema,
    response: tickersSchema,
    failures: [validation, pricesUnavailable],
  }),
  priceHistory: route({
    path: routePaths.priceHistory,
    methods: ["POST"],
    auth: "none",
    group: "Market",
    summary: "A symbol's price over 1D, 1W, 1M or 1Y, with the range's high, low and change.",
    status: "live",
    request: priceHistoryRequestSchema,
    response: priceHistorySchema,
    failures: [validation, unknownSymbol, pricesUnavailable],
  }),
  addFavToken: route({
    path: routePaths.addFavToken,
    methods: ["POST"],
    auth: "session",
    group: "Market",
    summary: "Makes a symbol a favourite or not (idempotent); answers the user's favourites.",
    status: "live",
    request: favouriteSchema,
    response: favouritesSchema,
    failures: [validation, unknownSymbol, sessionEnded],
  }),
  dashboardMarketInfo: route({
    path: routePaths.dashboardMarketInfo,
    methods: ["POST"],
    auth: "session",
    group: "Market",
    summary: "What the dashboard shows of the market: favourites, movers and a summary.",
    status: "live",
    request: dashboardMarketRequestSchema,
    response: dashboardMarketSchema,
    failures: [validation, sessionEnded, pricesUnavailable],
  }),

  // Trading
  ...pnlRoutes,
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
  swipeluxQuote: route({
    path: routePaths.swipeluxQuote,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "What a card buy would charge and credit, with the fee and the per-order limits.",
    status: "live",
    request: buyAmountSchema,
    response: buyQuoteSchema,
    failures: [validation, unknownSymbol, sessionEnded, pricesUnavailable, pricesStale],
  }),
  swipeluxSendOrder: route({
    path: routePaths.swipeluxSendOrder,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "Starts a card buy through the on-ramp: the order and its payment page. Idempotent by key.",
    status: "live",
    request: sendOrderSchema,
    response: buyOrderSchema,
    failures: [
      validation,
      unknownSymbol,
      sessionEnded,
      failure("idempotencyConflict", "The key was used for another order."),
      pricesUnavailable,
      pricesStale,
      failure("onrampUnavailable", "The on-ramp did not answer: nothing was charged; try again."),
      failure("kycRequired", "The order is above KYC_CARD_BUY_THRESHOLD_USD and the user's identity is not verified: nothing was ordered."),
    ],
  }),
  swipeluxStatus: route({
    path: routePaths.swipeluxStatus,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary: "A card buy's status and timeline (asks the on-ramp when the order is still under way).",
    status: "live",
    request: orderStatusRequestSchema,
    response: buyOrderSchema,
    failures: [validation, sessionEnded, failure("orderNotFound", "No order of this user has this id.")],
  }),
  swipeluxCancel: route({
    path: routePaths.swipeluxCancel,
    methods: ["POST"],
    auth: "session",
    group: "Trading",
    summary:
      "Cancels a card buy not paid yet, at the on-ramp and here; idempotent. A payment the on-ramp took first is settled instead, and a charge that arrives after the cancel is still credited.",
    status: "live",
    request: orderStatusRequestSchema,
    response: buyOrderSchema,
    failures: [
      validation,
      sessionEnded,
      failure("orderNotFound", "No order of this user has this id."),
      failure("orderNotCancellable", "The order was paid or has ended: nothing was cancelled; its status says where it stands."),
      failure("onrampUnavailable", "The on-ramp did not answer: nothing was cancelled; try again."),
    ],
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
