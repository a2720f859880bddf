import type { IncomingMessage } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as client from "openid-client";
import { z } from "zod";
import { NAME_MAX_LENGTH } from "../../../contract/index.ts";
import { localAddress, nodeBindings, requestOrigin } from "../../platform/http/node.ts";
import { securityHeaderList } from "../../platform/http/security-headers.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { AuthDeps } from "./deps.ts";
import { isLocale, type Locale } from "../../platform/i18n/index.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import { socialAdapters } from "./social/adapters.ts";
import { userForIdentity } from "./social/identities.ts";
import { issueLoginCode } from "./social/login-codes.ts";
import { isSocialProvider, type Attempt, type Site } from "./social/providers.ts";
import { RESULT_SCRIPT, RESULT_SCRIPT_PATH, resultPage, type SocialFailure } from "./social/result-page.ts";
import { signInPage, standInErrorPage } from "./social/stand-in-pages.ts";
import { createStandIns, providerOfClient, STAND_IN_PATH } from "./social/stand-in.ts";
import { consumeState, saveState } from "./social/states.ts";

/** The SPA's id for one popup; it comes back in the result so the SPA can ignore stale answers. */
export const REQUEST_ID = /^[A-Za-z0-9_-]{8,100}$/;
/** Providers' words for "the user said no": OAuth's, and Apple's own. */
const DENIED = new Set(["access_denied", "user_cancelled_authorize"]);
const NO_STORE = { "Cache-Control": "no-store" };
/** The forms posted here are a few short fields. */
const formLimit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text("Payload too large", 413) });

const asLocale = (value: string | null | undefined): Locale | undefined => (isLocale(value) ? value : undefined);

/**
 * Social sign-in as browser navigations in the popup, outside /api: /auth/:provider/start sends
 * the popup to the provider, /auth/callback checks its answer and ends on a page that hands the
 * SPA a one-time code (which /api/v1/user/social-login turns into a session). Unconfigured
 * providers are served by an embedded OpenID Connect provider under /oidc.
 */
/** The first of OpenID Connect's space-separated ui_locales that we speak. */
function uiLocale(value: unknown) {
  return typeof value === "string"
    ? value
        .split(" ")
        .map(asLocale)
        .find((locale) => locale !== undefined)
    : undefined;
}

export function socialAuthRoutes(s: AuthDeps) {
  const db = s.database.db;
  const standIns = createStandIns();
  const adapters = socialAdapters(s.env, standIns, s.socialFetch);
  const standInInUse = Object.values(adapters).some((adapter) => adapter?.kind === "standIn");
  const publicOrigin = s.env.PUBLIC_URL ? new URL(s.env.PUBLIC_URL).origin : undefined;
  const siteOf = (c: Context<AppEnv>): Site => ({ origin: publicOrigin ?? requestOrigin(c, s.env.TRUST_PROXY), self: localAddress(c) });
  const rawHeaders = new Map<string, Promise<[string, string][]>>();

  const result = (
    c: Context<AppEnv>,
    locale: Locale,
    status: 200 | 400 | 403 | 409 | 502 | 503,
    requestId: string,
    outcome: { code: string } | { error: SocialFailure },
  ) => c.html(resultPage(locale, { type: "sarraf.social", requestId, ...outcome }), status, { ...NO_STORE, "Content-Language": locale });

  /** The stand-in for this site and the interaction its cookie names, if that is the one in the URL. */
  async function interaction(c: Context<AppEnv>) {
    const bindings = nodeBindings(c);
    const provider = standInInUse && bindings ? await standIns.at(siteOf(c).origin) : undefined;
    if (!bindings || !provider) return undefined;
    try {
      const details = await provider.interactionDetails(bindings.incoming, bindings.outgoing);
      const social = providerOfClient(details.params.client_id);
      return details.uid === c.req.param("uid") && social ? { provider, details, social, ...bindings } : undefined;
    } catch (error) {
      s.logger.info("social.standIn.interactionMissing", { reqId: c.var.requestId, ...errorFields(error) });
      return undefined;
    }
  }

  return (
    new Hono<AppEnv>()
      .get(RESULT_SCRIPT_PATH, (c) => c.body(RESULT_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }))
      .get("/auth/:provider/start", async (c) => {
        const provider = c.req.param("provider");
        const request = c.req.query("request") ?? "";
        const requestId = REQUEST_ID.test(request) ? request : "";
        const locale = asLocale(c.req.query("lang")) ?? c.var.locale;
        if (!requestId || !isSocialProvider(provider)) return result(c, locale, 400, requestId, { error: "failed" });
        const site = siteOf(c);
        // Firebase's auth/unauthorized-domain: a copy of the app elsewhere must not start sign-ins
        // whose answers come back here.
        const origin = requestOrigin(c, s.env.TRUST_PROXY);
        if (publicOrigin && origin !== publicOrigin) {
          s.logger.warn("social.unauthorizedDomain", { reqId: c.var.requestId, origin, expected: publicOrigin });
          return result(c, locale, 403, requestId, { error: "unauthorizedDomain" });
        }
        const adapter = adapters[provider];
        if (!adapter) {
          s.logger.warn("social.notConfigured", { reqId: c.var.requestId, provider });
          return result(c, locale, 503, requestId, { error: "failed" });
        }
        const attempt: Attempt = {
          redirectUri: `${site.origin}/auth/callback`,
          state: client.randomState(),
          nonce: client.randomNonce(),
          codeVerifier: client.randomPKCECodeVerifier(),
        };
        let url: URL;
        try {
          url = await adapter.authorizationUrl(site, attempt);
          // OpenID Connect's ui_locales: the provider's pages in the app's language, where it can.
          url.searchParams.set("ui_locales", locale);
        } catch (error) {
          s.logger.error("social.providerUnreachable", { reqId: c.var.requestId, provider, kind: adapter.kind, ...errorFields(error) });
          return result(c, locale, 502, requestId, { error: "failed" });
        }
        await saveState(db, { provider, requestId, locale, attempt, now: s.now() });
        c.header("Cache-Control", "no-store");
        return c.redirect(url.href, 302);
      })
      // Apple answers with a form POST (response_mode=form_post); the others with a redirect.
      .use("/auth/callback", formLimit)
      .use(`${STAND_IN_PATH}/interaction/*`, formLimit)
      .on(["GET", "POST"], "/auth/callback", async (c) => {
        const response = c.req.method === "POST" ? new URLSearchParams(await c.req.text()) : new URL(c.req.url).searchParams;
        const now = s.now();
        const state = response.get("state") ?? "";
        const checked = state !== "" && state.length <= 512 ? await consumeState(db, state, now) : ({ ok: false, reason: "unknown" } as const);
        const row = "row" in checked ? checked.row : undefined;
        const locale = asLocale(row?.locale) ?? c.var.locale;
        const requestId = row?.requestId ?? "";
        const log = { reqId: c.var.requestId, provider: row?.provider };
        const failed = (event: string, fields: Record<string, unknown> = {}) => {
          s.logger.warn(event, { ...log, ...fields });
          return result(c, locale, 400, requestId, { error: "failed" });
        };

        if (!checked.ok) return failed(checked.reason === "expired" ? "social.stateExpired" : "social.stateUnknown");
        const { row: attemptRow } = checked;
        const error = response.get("error");
        if (error !== null) {
          if (!DENIED.has(error)) return failed("social.providerError", { error, description: response.get("error_description") });
          s.logger.info("social.denied", log);
          return result(c, locale, 200, requestId, { error: "denied" });
        }
        const provider = attemptRow.provider;
        const adapter = isSocialProvider(provider) ? adapters[provider] : undefined;
        if (!adapter || !isSocialProvider(provider)) return failed("social.notConfigured");
        const attempt: Attempt = { redirectUri: attemptRow.redirectUri, state, nonce: attemptRow.nonce, codeVerifier: attemptRow.codeVerifier };
        let profile;
        try {
          profile = await adapter.identify(siteOf(c), response, attempt);
        } catch (cause) {
          return failed("social.exchangeFailed", { kind: adapter.kind, ...errorFields(cause) });
        }
        const outcome = await userForIdentity(db, profile, { provider, locale, now });
        if (!outcome.ok && outcome.reason === "emailTaken") {
          s.logger.info("social.emailTaken", { ...log, issuer: profile.issuer });
          return result(c, locale, 409, requestId, { error: "emailTaken" });
        }
        if (!outcome.ok) return failed("social.noEmail", { issuer: profile.issuer });
        const code = await issueLoginCode(db, outcome.user.id, now);
        s.logger.info("social.signedIn", { ...log, userId: outcome.user.id, created: outcome.created });
        return result(c, locale, 200, requestId, { code });
      })
      .get(`${STAND_IN_PATH}/interaction/:uid`, async (c) => {
        const found = await interaction(c);
        if (!found) return c.html(standInErrorPage(c.var.locale), 400, NO_STORE);
        const hint = found.details.params.login_hint;
        return c.html(
          signInPage({
            locale: uiLocale(found.details.params.ui_locales) ?? c.var.locale,
            provider: found.social,
            action: c.req.path,
            email: typeof hint === "string" ? hint : "",
          }),
          200,
          NO_STORE,
        );
      })
      .post(`${STAND_IN_PATH}/interaction/:uid`, async (c) => {
        const found = await interaction(c);
        if (!found) return c.html(standInErrorPage(c.var.locale), 400, NO_STORE);
        const form = new URLSearchParams(await c.req.text());
        const finish = async (outcome: Parameters<typeof found.provider.interactionResult>[2]) =>
          c.redirect(await found.provider.interactionResult(found.incoming, found.outgoing, outcome, { mergeWithLastSubmission: false }), 303);
        if (form.get("action") === "cancel") return finish({ error: "access_denied", error_description: "End-User aborted interaction" });
        const email = z
          .email()
          .max(254)
          .safeParse((form.get("email") ?? "").trim().toLowerCase());
        const name = (form.get("name") ?? "").trim().slice(0, NAME_MAX_LENGTH);
        if (!email.success) {
          const page = signInPage({
            locale: uiLocale(found.details.params.ui_locales) ?? c.var.locale,
            provider: found.social,
            action: c.req.path,
            email: form.get("email") ?? "",
            name,
            emailError: true,
          });
          return c.html(page, 400, NO_STORE);
        }
        const subject = standIns.signIn(found.social, { email: email.data, name });
        return finish({ login: { accountId: subject, remember: false } });
      })
      .all(`${STAND_IN_PATH}/*`, async (c) => {
        const bindings = nodeBindings(c);
        if (!standInInUse || !bindings) return c.text("Not found", 404);
        const { origin } = siteOf(c);
        const provider = await standIns.at(origin);
        const { incoming, outgoing } = bindings;
        // The provider names its endpoints after the site, as the browser sees it, whatever a client sent.
        const { protocol, host } = new URL(origin);
        incoming.headers["x-forwarded-proto"] = protocol.slice(0, -1);
        incoming.headers["x-forwarded-host"] = host;
        // Mounted like Express's app.use("/oidc", …): the provider sees paths below /oidc.
        const url = incoming.url ?? "/";
        (incoming as IncomingMessage & { originalUrl?: string }).originalUrl = url;
        incoming.url = url.slice(STAND_IN_PATH.length) || "/";
        // Per scheme: HSTS belongs on HTTPS answers only.
        const scheme = protocol.slice(0, -1);
        if (!rawHeaders.has(scheme)) rawHeaders.set(scheme, securityHeaderList(s.env.CSP_FRAME_ANCESTORS, origin));
        for (const [name, value] of await rawHeaders.get(scheme)!) outgoing.setHeader(name, value);
        await standIns.handler(provider)(incoming, outgoing);
        return RESPONSE_ALREADY_SENT;
      })
  );
}
