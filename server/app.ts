import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { ApiError, failure } from "./platform/http/envelope.ts";
import { jsonBody } from "./platform/http/json-body.ts";
import { limitBody, PAGE_BODY_MAX_BYTES } from "./platform/http/body-limit.ts";
import { FORM_OVERHEAD_BYTES } from "./platform/http/form-body.ts";
import { routeList } from "../contract/index.ts";
import { requestLog } from "./platform/http/request-log.ts";
import { securityHeaders } from "./platform/http/security-headers.ts";
import { clientAddress } from "./platform/http/client-address.ts";
import { hostGuard } from "./platform/http/hosts.ts";
import type { AppEnv } from "./platform/http/types.ts";
import type { AppDeps } from "./services.ts";
import { isPlayMoneyDemo } from "./env.ts";
import { negotiateLocale } from "./platform/i18n/index.ts";
import { errorFields } from "./platform/logging/logger.ts";
import { createMailService } from "./platform/mail/index.ts";
import { devMailboxRoutes } from "./platform/mail/dev-mailbox.routes.ts";
import { apiRoutes, type Handlers } from "./platform/http/api.ts";
import { markPlayMoney, markUploadLimit, spaRoutes } from "./platform/http/spa.ts";
import { pageHtml, siteConfigOf } from "./platform/http/page-html.ts";
import { firstAnswers } from "./platform/http/first-answers.ts";
import { appRenderer } from "./platform/http/signed-in-render.ts";
import { contentPages } from "./platform/http/content-pages.ts";
import { setAnswerHeader } from "./platform/http/answer-headers.ts";
import { compressJson } from "./platform/http/encoding.ts";
import { profileHandlers } from "./modules/account/index.ts";
import {
  passwordChangedAt,
  requireAuth,
  scryptHasher,
  sessionHandlers,
  socialAuthRoutes,
  socialLoginHandlers,
  STAND_IN_PATH,
  userContact,
} from "./modules/auth/index.ts";
import { healthHandlers } from "./modules/health/index.ts";
import { analyticsHandlers } from "./modules/analytics/index.ts";
import { pushHandlers } from "./modules/notifications/index.ts";
import { createCatalog, createPriceService, devPriceRoutes, marketHandlers } from "./modules/market/index.ts";
import { createLedger, devLedgerRoutes } from "./modules/ledger/index.ts";
import {
  buyHistory,
  cancelHandlers,
  createOnramp,
  mailReversalNotices,
  onrampHandlers,
  onrampWebhookRoutes,
  sandboxRoutes,
  WEBHOOK_PATH,
} from "./modules/onramp/index.ts";
import { portfolioHandlers } from "./modules/portfolio/index.ts";
import { createKyc, kycHandlers, kycStatus, kycWebhookRoutes, photosFrom } from "./modules/kyc/index.ts";
import { tradeHistory, tradingHandlers } from "./modules/trading/index.ts";
import { createFiles, fileHandlers, fileStoreFor, pictureRoutes } from "./modules/files/index.ts";
import { contactHandlers, createContact, oneClickUnsubscribeRoutes } from "./modules/contact/index.ts";
import { createWithdrawals, devWithdrawRoutes, withdrawalHandlers, withdrawalHistory, withdrawLinkRoutes } from "./modules/withdrawals/index.ts";
import { blogHandlers, contentMedia, createBlog, mediaRoutes, siteRoutes } from "./modules/blog/index.ts";

export const API_BASE = "/api/v1";
export const REQUEST_ID_MAX_LENGTH = 64;

/** The whole HTTP surface, without sockets: tests drive it with app.request(). */
export function createApp(deps: AppDeps) {
  // The composition root: the platform, then each service once, handed to the modules that declare it.
  const now = deps.now ?? (() => new Date());
  const { database, env, logger } = deps;
  const db = database.db;
  const platform = { database, env, logger, now };
  const mail = deps.mail ?? createMailService(env, db, logger, now);
  const auth = { ...platform, hasher: deps.hasher ?? scryptHasher, mail, socialFetch: deps.socialFetch };
  // Polls only once a price is first asked for: an app that serves none never starts its timer.
  const prices = deps.prices ?? createPriceService({ env, logger, now });
  const catalog = createCatalog({ db, prices, now });
  // Each day's exchange rates are kept, so the portfolio values the past at the rates of its days.
  prices.onSnapshot((snapshot) => catalog.fx.record(snapshot));
  const ledger = deps.ledger ?? createLedger(db, { now });
  const notify = mailReversalNotices({ mail, logger, contactOf: (userId) => userContact(db, userId) });
  const onramp = deps.onramp ?? createOnramp({ db, env, logger, now, ledger, notify });
  const files = deps.files ?? createFiles({ db, store: fileStoreFor(env), logger, now, maxBytes: env.UPLOAD_MAX_BYTES, uploadsPerHour: env.UPLOADS_PER_HOUR });
  const kyc = deps.kyc ?? createKyc({ db, env, logger, now, photos: photosFrom(files) });
  const kycApproved = async (userId: string) => (await kycStatus(db, userId)).status === "approved";
  const withdrawals =
    deps.withdrawals ??
    createWithdrawals({
      ...platform,
      db,
      ledger,
      catalog,
      mail,
      // Withdrawals need approved identity verification (the KYC module's answer).
      kyc: { kycApproved },
      contactOf: (userId) => userContact(db, userId),
      passwordChangedAt: (userId) => passwordChangedAt(db, userId),
    });
  const contact = createContact({ db, env, logger, now, mail });
  const blog = createBlog(db);
  const app = new Hono<AppEnv>();

  // A client's X-Request-Id is kept only when short and plain (letters, digits, _ - =); else a new UUID.
  app.use(requestId({ limitLength: REQUEST_ID_MAX_LENGTH }));
  app.use(async (c, next) => {
    c.set("locale", negotiateLocale(c.req.header("Accept-Language")));
    await next();
  });
  app.use(requestLog(deps.logger));
  app.use(securityHeaders(deps.env.CSP_FRAME_ANCESTORS, deps.env.TRUST_PROXY, siteConfigOf(deps.env)));
  app.use(hostGuard(deps.env));
  // Answers carry tokens and personal data (ASVS 14.3.2): no browser or proxy may keep them.
  app.use("/api/*", async (c, next) => {
    await next();
    setAnswerHeader(c, "Cache-Control", "no-store");
  });
  app.use("/api/*", compressJson);
  // Uploads (the table's multipart routes) have their own, larger limit and read their form later.
  const uploadPaths = new Set(routeList.filter((route) => route.body === "multipart").map((route) => API_BASE + route.path));
  const isUpload = (c: Context) => uploadPaths.has(c.req.path);
  const apiBodies = limitBody(deps.env.BODY_LIMIT_BYTES, (c: Context) => failure(c, 413, "error.payloadTooLarge"));
  const maxBytes = deps.env.UPLOAD_MAX_BYTES;
  const uploadBodies = limitBody(maxBytes + FORM_OVERHEAD_BYTES, (c: Context) => failure(c, 413, "error.fileTooLarge", { reason: "fileTooLarge", maxBytes }));
  app.use("/api/*", (c, next) => (isUpload(c) ? uploadBodies : apiBodies)(c, next));
  // Every other route that reads a body (the sandbox's forms also set their own, smaller limit).
  // The webhook answers its own 413 (in the provider's terms); the stand-in sign-in provider reads
  // Node's request itself, bounded by its own limits.
  const pageBodies = limitBody(PAGE_BODY_MAX_BYTES, (c: Context) => c.text("Payload Too Large", 413));
  const ownLimit = (path: string) => path.startsWith("/api/") || path === WEBHOOK_PATH || path.startsWith(`${STAND_IN_PATH}/`);
  app.use("*", (c, next) => (ownLimit(c.req.path) ? next() : pageBodies(c, next)));
  app.use("/api/*", (c, next) => (isUpload(c) ? next() : jsonBody(c, next)));
  app.use("/api/*", clientAddress(deps.env.TRUST_PROXY));

  // Every live route of the contract's table has its handler here (the type refuses a missing one).
  const handlers: Handlers = {
    ...healthHandlers(platform),
    ...sessionHandlers(auth),
    ...socialLoginHandlers(auth),
    ...profileHandlers(auth),
    ...pushHandlers(platform),
    ...marketHandlers({ ...platform, catalog }),
    ...onrampHandlers({ env, catalog, orders: onramp.orders, kycApproved }),
    ...kycHandlers({ env, now, kyc, files }),
    ...cancelHandlers({ cancel: onramp.cancel, orders: onramp.orders }),
    ...portfolioHandlers({ ledger, catalog, now, database, history: [buyHistory(db, onramp.orders), ...tradeHistory(db), withdrawalHistory(db)] }),
    ...tradingHandlers({ db, env, ledger, catalog, now }),
    ...fileHandlers({ ...platform, files }),
    ...withdrawalHandlers({ env, withdrawals }),
    ...contactHandlers(contact),
    ...analyticsHandlers(platform),
    ...blogHandlers({ blog }),
  };
  const api = apiRoutes({ handlers, requireSession: requireAuth(platform), base: API_BASE });
  app.route(API_BASE, api);

  // Known path, wrong method → 405 with Allow; anything else under /api → 404. Both as envelopes.
  const known = new Map<string, Set<string>>();
  for (const { path, method } of api.routes) known.set(API_BASE + path, (known.get(API_BASE + path) ?? new Set()).add(method));
  app.all("/api/*", (c) => {
    const methods = known.get(c.req.path);
    if (!methods) return failure(c, 404, "error.notFound");
    c.header("Allow", [...methods].join(", "));
    return failure(c, 405, "error.methodNotAllowed");
  });

  // Browser navigations of the social sign-in popup (and the embedded provider), before the SPA's fallback.
  app.route("/", socialAuthRoutes(auth));
  app.route("/", devMailboxRoutes({ ...platform, mail }));
  app.route("/", devPriceRoutes({ env, prices }));
  app.route("/", devLedgerRoutes({ env, ledger }));
  app.route("/", onrampWebhookRoutes({ logger, onramp }));
  app.route("/", kycWebhookRoutes({ logger, kyc }));
  app.route("/", pictureRoutes({ files }));
  app.route("/", mediaRoutes(contentMedia(env.CONTENT_DIR)));
  app.route("/", siteRoutes({ env, blog }));
  app.route("/", withdrawLinkRoutes(withdrawals.deps, withdrawals.book));
  app.route("/", oneClickUnsubscribeRoutes(contact));
  app.route("/", devWithdrawRoutes({ env, clock: deps.withdrawClock ?? null, tick: withdrawals.tick }));
  if (onramp.sandbox) app.route("/", sandboxRoutes(onramp.sandbox));
  // One renderer (one render at a time: the app's catalog is global) for signed-in and content pages.
  const renderApp = appRenderer(deps.staticDir, deps.logger);
  const inProcess = { request: (input: URL, init: RequestInit, env: unknown) => app.request(input, init, env as never) };
  // The built pages as sent: the site's origin and settings in their head, and what the app must be told.
  const pages = pageHtml({
    env: deps.env,
    mark: (html) => markUploadLimit(isPlayMoneyDemo(deps.env) ? markPlayMoney(html) : html, deps.env.UPLOAD_MAX_BYTES),
  });
  app.route(
    "/",
    spaRoutes(deps.staticDir, deps.logger, {
      sourceMaps: deps.env.NODE_ENV !== "production",
      playMoney: isPlayMoneyDemo(deps.env),
      uploadMaxBytes: deps.env.UPLOAD_MAX_BYTES,
      pageHtml: pages,
      // A signed-in page's first calls, answered in its HTML by the app itself.
      firstAnswers: firstAnswers({ request: (input, init, env) => app.request(input, init, env as never) }, API_BASE),
      // And the page drawn with them, by the app built for Node.
      renderSignedIn: (pathname, locale, answers, quote) => renderApp(pathname, locale, { signedInShell: true, answers, quote }),
      // A post, the blog's list, the partners: drawn per address with their content (loaded at start).
      contentPage: contentPages({ app: inProcess, base: API_BASE, render: renderApp, readHtml: pages.html, originOf: pages.origin }),
    }),
  );
  app.notFound((c) => c.text("Not found", 404));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return failure(c, error.status, error.messageId, error.data);
    }
    // Hono's own HTTPExceptions (e.g. from a body helper) are client errors, not crashes.
    if (error instanceof HTTPException && error.status === 413) return failure(c, 413, "error.payloadTooLarge");
    if (error instanceof HTTPException && error.status < 500) return failure(c, 400, "error.badRequest");
    deps.logger.error("unhandled", { reqId: c.var.requestId, method: c.req.method, path: c.req.path, ...errorFields(error) });
    return failure(c, 500, "error.internal");
  });

  // The sandbox sends its webhooks through the same route and verification as a real provider's.
  onramp.connect(async (body) => {
    const response = await app.request(WEBHOOK_PATH, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    return response.ok;
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
