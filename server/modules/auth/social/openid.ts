import { createHmac } from "node:crypto";
import * as client from "openid-client";
import type { Attempt, Site, SocialAdapter, SocialProfile, SocialProvider } from "./providers.ts";

/** The authorization response parameters the code exchange reads; anything else stays out. */
const RESPONSE_PARAMS = ["code", "state", "iss", "error", "error_description"];

/** The callback URL as openid-client expects it: the registered redirect URI plus the response. */
function callbackUrl(attempt: Attempt, response: URLSearchParams): URL {
  const url = new URL(attempt.redirectUri);
  for (const name of RESPONSE_PARAMS) {
    const value = response.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  return url;
}

async function authorizationParams(attempt: Attempt, scope: string, extra: Record<string, string> = {}) {
  return {
    redirect_uri: attempt.redirectUri,
    response_type: "code",
    scope,
    state: attempt.state,
    nonce: attempt.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: "S256",
    ...extra,
  };
}

/** One Configuration per issuer, discovered once; a failed discovery is retried on the next sign-in. */
function configurationCache(load: (site: Site) => Promise<client.Configuration>, keyOf: (site: Site) => string) {
  const cache = new Map<string, Promise<client.Configuration>>();
  return (site: Site) => {
    const key = keyOf(site);
    let loading = cache.get(key);
    if (!loading) {
      loading = load(site);
      cache.set(key, loading);
      loading.catch(() => cache.delete(key));
    }
    return loading;
  };
}

export interface OidcAdapterOptions {
  provider: SocialProvider;
  kind: SocialAdapter["kind"];
  /** The issuer to discover; the stand-in's depends on the site it is reached at. */
  issuer(site: Site): URL;
  clientId: string;
  clientAuth: client.ClientAuth;
  scope: string;
  /** Extra authorization parameters, e.g. Apple's response_mode=form_post. */
  authorizationParams?: Record<string, string>;
  /** How back-channel requests travel (the stand-in's route to this process, or a test's fetch). */
  fetch?(site: Site): client.CustomFetch | undefined;
  /** Plain HTTP, for the stand-in on a developer's machine only. */
  allowHttp?: boolean;
  /** A name the ID token lacks but the authorization response carries (Apple's first `user`). */
  nameFrom?(response: URLSearchParams): string | undefined;
}

/**
 * An OpenID Connect provider through openid-client: discovery, PKCE, and an ID token whose
 * signature (from the provider's keys), issuer, audience, expiry and nonce are all checked.
 */
export function oidcAdapter(options: OidcAdapterOptions): SocialAdapter {
  const configuration = configurationCache(
    (site) => {
      const fetch = options.fetch?.(site);
      return client.discovery(options.issuer(site), options.clientId, undefined, options.clientAuth, {
        ...(fetch ? { [client.customFetch]: fetch } : {}),
        execute: [...(options.allowHttp ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
        timeout: 10,
      });
    },
    (site) => options.issuer(site).href,
  );
  return {
    provider: options.provider,
    kind: options.kind,
    async authorizationUrl(site, attempt) {
      return client.buildAuthorizationUrl(await configuration(site), await authorizationParams(attempt, options.scope, options.authorizationParams));
    },
    async identify(site, response, attempt): Promise<SocialProfile> {
      const tokens = await client.authorizationCodeGrant(await configuration(site), callbackUrl(attempt, response), {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("the token response has no ID token");
      const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(claims.email),
        // Apple has sent this as the string "true".
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: text(claims.name) ?? options.nameFrom?.(response),
      };
    },
  };
}

export interface FacebookSettings {
  clientId: string;
  clientSecret: string;
  fetch?: client.CustomFetch;
}

const FACEBOOK = {
  issuer: "https://www.facebook.com",
  authorization: "https://www.facebook.com/v19.0/dialog/oauth",
  token: "https://graph.facebook.com/v19.0/oauth/access_token",
  me: "https://graph.facebook.com/me?fields=id,name,email",
} as const;

/**
 * Facebook Login is plain OAuth 2 (no ID token): the code is exchanged with PKCE, and the user
 * is who the Graph API says the access token belongs to. Facebook does not say whether the
 * e-mail is verified, so it never counts as verified.
 */
export function facebookAdapter({ clientId, clientSecret, fetch }: FacebookSettings): SocialAdapter {
  const config = new client.Configuration(
    { issuer: FACEBOOK.issuer, authorization_endpoint: FACEBOOK.authorization, token_endpoint: FACEBOOK.token },
    clientId,
    clientSecret,
  );
  if (fetch) config[client.customFetch] = fetch;
  config.timeout = 10;
  return {
    provider: "facebook",
    kind: "real",
    async authorizationUrl(_site, attempt) {
      return client.buildAuthorizationUrl(config, await authorizationParams(attempt, "email public_profile"));
    },
    async identify(_site, response, attempt) {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl(attempt, response), {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
      });
      const me = new URL(FACEBOOK.me);
      // Proves the token is used by this app's server, as "Require App Secret" asks.
      me.searchParams.set("appsecret_proof", createHmac("sha256", clientSecret).update(tokens.access_token).digest("hex"));
      const answer = await client.fetchProtectedResource(config, tokens.access_token, me, "GET");
      if (!answer.ok) throw new Error(`Graph API /me answered ${answer.status}`);
      const user = (await answer.json()) as { id?: unknown; name?: unknown; email?: unknown };
      if (typeof user.id !== "string" || user.id === "") throw new Error("Graph API /me gave no id");
      return {
        issuer: FACEBOOK.issuer,
        subject: user.id,
        email: typeof user.email === "string" ? user.email : undefined,
        emailVerified: false,
        name: typeof user.name === "string" ? user.name : undefined,
      };
    },
  };
}
