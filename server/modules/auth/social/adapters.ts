import { importPKCS8, SignJWT } from "jose";
import * as client from "openid-client";
import type { Env } from "../../../env.ts";
import { devToolsEnabled } from "../../../platform/http/hosts.ts";
import { selfFetch } from "./self-fetch.ts";
import { facebookAdapter, oidcAdapter } from "./openid.ts";
import { SOCIAL_PROVIDERS, type SocialAdapter, type SocialProvider } from "./providers.ts";
import { STAND_IN_PATH, standInClientId, type StandIns } from "./stand-in.ts";

const APPLE_ISSUER = "https://appleid.apple.com";

export interface AppleSettings {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
}

/**
 * Apple's client secret is a short-lived ES256 JWT signed with the team's key. One is made on
 * demand and reused for most of its hour, so a token request never waits on more than a signature.
 */
export function appleClientSecret({ clientId, teamId, keyId, privateKey }: AppleSettings, now = () => new Date()) {
  const key = importPKCS8(privateKey, "ES256");
  let cached: { secret: string; renewAt: number } | undefined;
  return async (): Promise<string> => {
    const issuedAt = Math.floor(now().getTime() / 1000);
    if (!cached || issuedAt >= cached.renewAt) {
      const secret = await new SignJWT({})
        .setProtectedHeader({ alg: "ES256", kid: keyId })
        .setIssuer(teamId)
        .setSubject(clientId)
        .setAudience(APPLE_ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(await key);
      cached = { secret, renewAt: issuedAt + 3000 };
    }
    return cached.secret;
  };
}

/** Apple names the user once, in a `user` form field of the first authorization, never in the ID token. */
export function appleUserName(response: URLSearchParams): string | undefined {
  try {
    const { name } = JSON.parse(response.get("user") ?? "") as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [name?.firstName, name?.lastName].filter((part): part is string => typeof part === "string" && part.trim() !== "");
    return parts.length ? parts.join(" ") : undefined;
  } catch {
    return undefined;
  }
}

function realAdapter(provider: SocialProvider, env: Env, fetch: client.CustomFetch | undefined): SocialAdapter | undefined {
  const viaFetch = fetch ? () => fetch : undefined;
  switch (provider) {
    case "google":
      if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return undefined;
      return oidcAdapter({
        provider,
        kind: "real",
        issuer: () => new URL("https://accounts.google.com"),
        clientId: env.GOOGLE_CLIENT_ID,
        clientAuth: client.ClientSecretPost(env.GOOGLE_CLIENT_SECRET),
        scope: "openid email profile",
        fetch: viaFetch,
      });
    case "apple": {
      if (!env.APPLE_CLIENT_ID || !env.APPLE_TEAM_ID || !env.APPLE_KEY_ID || !env.APPLE_PRIVATE_KEY) return undefined;
      const secret = appleClientSecret({
        clientId: env.APPLE_CLIENT_ID,
        teamId: env.APPLE_TEAM_ID,
        keyId: env.APPLE_KEY_ID,
        privateKey: env.APPLE_PRIVATE_KEY,
      });
      return oidcAdapter({
        provider,
        kind: "real",
        issuer: () => new URL(APPLE_ISSUER),
        clientId: env.APPLE_CLIENT_ID,
        clientAuth: async (_as, c, body) => {
          body.set("client_id", c.client_id);
          body.set("client_secret", await secret());
        },
        // Apple knows no "profile" scope; asking for the name or e-mail requires form_post.
        scope: "name email",
        authorizationParams: { response_mode: "form_post" },
        fetch: viaFetch,
        nameFrom: appleUserName,
      });
    }
    case "facebook":
      if (!env.FACEBOOK_CLIENT_ID || !env.FACEBOOK_CLIENT_SECRET) return undefined;
      return facebookAdapter({ clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET, fetch });
  }
}

function standInAdapter(provider: SocialProvider, standIns: StandIns): SocialAdapter {
  return oidcAdapter({
    provider,
    kind: "standIn",
    issuer: (site) => new URL(`${site.origin}${STAND_IN_PATH}`),
    clientId: standInClientId(provider),
    clientAuth: client.ClientSecretPost(standIns.clientSecret(provider)),
    scope: "openid email profile",
    fetch: (site) => selfFetch(site),
    allowHttp: true,
  });
}

/**
 * The adapter of each provider: the real one when its settings are there, else the embedded
 * stand-in while the development tools are on (never in production, and on a network-facing
 * address only by choice): a provider that lets anyone claim any e-mail address must not make
 * accounts elsewhere, so there an unconfigured provider is missing (undefined).
 */
export function socialAdapters(env: Env, standIns: StandIns, fetch?: client.CustomFetch): Record<SocialProvider, SocialAdapter | undefined> {
  const useStandIn = devToolsEnabled(env);
  return Object.fromEntries(
    SOCIAL_PROVIDERS.map((provider) => [provider, realAdapter(provider, env, fetch) ?? (useStandIn ? standInAdapter(provider, standIns) : undefined)]),
  ) as Record<SocialProvider, SocialAdapter | undefined>;
}
