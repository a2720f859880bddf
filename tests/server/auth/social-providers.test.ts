import { createHmac, generateKeyPairSync } from "node:crypto";
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type CryptoKey } from "jose";
import type { CustomFetch } from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { envWith, parseEnv } from "../../../server/env.ts";
import { appleClientSecret, appleUserName, socialAdapters } from "../../../server/modules/auth/social/adapters.ts";
import { facebookAdapter } from "../../../server/modules/auth/social/openid.ts";
import type { Attempt } from "../../../server/modules/auth/social/providers.ts";
import { createStandIns } from "../../../server/modules/auth/social/stand-in.ts";
import { newRequestId, resultOf } from "../helpers/social.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

// Real Google, Apple and Facebook cannot be reached from here: these tests check the settings,
// the authorization URLs built from the providers' published metadata, and (for Apple and
// Facebook) the exchange against scripted answers in the providers' documented formats.

const { privateKey: applePem, publicKey: applePublicPem } = generateKeyPairSync("ec", {
  namedCurve: "P-256",
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const REAL = {
  GOOGLE_CLIENT_ID: "1234-abc.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "GOCSPX-google-secret",
  APPLE_CLIENT_ID: "com.example.sarraf.web",
  APPLE_TEAM_ID: "TEAM123456",
  APPLE_KEY_ID: "KEY1234567",
  APPLE_PRIVATE_KEY: applePem.trim().replace(/\n/g, "\\n"),
  FACEBOOK_CLIENT_ID: "123456789012345",
  FACEBOOK_CLIENT_SECRET: "facebook-app-secret",
};

const GOOGLE_METADATA = {
  issuer: "https://accounts.google.com",
  authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  token_endpoint: "https://oauth2.googleapis.com/token",
  userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
  jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
  response_types_supported: ["code", "token", "id_token", "code token", "code id_token", "token id_token", "code token id_token", "none"],
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: ["RS256"],
  scopes_supported: ["openid", "email", "profile"],
  token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
  code_challenge_methods_supported: ["plain", "S256"],
};
const APPLE_METADATA = {
  issuer: "https://appleid.apple.com",
  authorization_endpoint: "https://appleid.apple.com/auth/authorize",
  token_endpoint: "https://appleid.apple.com/auth/token",
  revocation_endpoint: "https://appleid.apple.com/auth/revoke",
  jwks_uri: "https://appleid.apple.com/auth/keys",
  response_types_supported: ["code"],
  response_modes_supported: ["query", "fragment", "form_post"],
  subject_types_supported: ["pairwise"],
  id_token_signing_alg_values_supported: ["RS256"],
  scopes_supported: ["openid", "email", "name"],
  token_endpoint_auth_methods_supported: ["client_secret_post"],
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Answers like the providers' servers from a table of URL → handler; records every call. */
function scriptedFetch(routes: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  const fetch: CustomFetch = async (url, options) => {
    const call = { url, method: options.method, headers: options.headers, body: options.body === undefined ? undefined : String(options.body) };
    calls.push(call);
    const route = routes[url.split("?")[0]!];
    if (!route) return new Response("not found", { status: 404 });
    return Response.json(await route(call));
  };
  return { fetch, calls };
}

const discoveryOnly = scriptedFetch({
  "https://accounts.google.com/.well-known/openid-configuration": () => GOOGLE_METADATA,
  "https://appleid.apple.com/.well-known/openid-configuration": () => APPLE_METADATA,
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("provider settings", () => {
  it("takes a whole provider, with the Apple key on one line", () => {
    const parsed = parseEnv(REAL);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.env.APPLE_PRIVATE_KEY).toBe(applePem.trim());
    expect(parsed.env.GOOGLE_CLIENT_ID).toBe(REAL.GOOGLE_CLIENT_ID);
  });

  it("refuses half a provider, naming what is missing", () => {
    expect(parseEnv({ GOOGLE_CLIENT_ID: REAL.GOOGLE_CLIENT_ID, APPLE_TEAM_ID: REAL.APPLE_TEAM_ID })).toEqual({
      ok: false,
      problems: [
        "GOOGLE_CLIENT_SECRET: must be set together with GOOGLE_CLIENT_ID (set all of GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, or none) (not set)",
        "APPLE_CLIENT_ID: must be set together with APPLE_TEAM_ID (set all of APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY, or none) (not set)",
        "APPLE_KEY_ID: must be set together with APPLE_TEAM_ID (set all of APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY, or none) (not set)",
        "APPLE_PRIVATE_KEY: must be set together with APPLE_TEAM_ID (set all of APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY, or none) (not set)",
      ],
    });
  });

  it("says what is wrong with each value, and never prints a secret", () => {
    const rsa = generateKeyPairSync("rsa", {
      modulusLength: 1024,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const result = parseEnv({
      ...REAL,
      GOOGLE_CLIENT_ID: "my-client",
      GOOGLE_CLIENT_SECRET: "has a space",
      APPLE_TEAM_ID: "team",
      APPLE_PRIVATE_KEY: rsa.privateKey,
      FACEBOOK_CLIENT_ID: "app-id",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      'GOOGLE_CLIENT_ID: must be a Google OAuth client id, e.g. 1234-abc.apps.googleusercontent.com (got "my-client")',
      "GOOGLE_CLIENT_SECRET: must be the client secret of that Google OAuth client (8 or more characters, no spaces) (got a hidden value)",
      'APPLE_TEAM_ID: must be the 10-character Apple Developer Team ID (got "team")',
      "APPLE_PRIVATE_KEY: must be the .p8 key file's PEM text (-----BEGIN PRIVATE KEY----- …), with \\n for line breaks on one line (got a hidden value)",
      'FACEBOOK_CLIENT_ID: must be the numeric App ID of the Facebook app (got "app-id")',
    ]);
    expect(result.problems.join("\n")).not.toContain("PRIVATE KEY-----\n");
  });
});

describe("configured providers", () => {
  const PRODUCTION = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://sarraf.example",
    SMTP_URL: "smtp://127.0.0.1:9",
    ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
    KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
  };
  const app = (env: Record<string, string>, fetch: CustomFetch = discoveryOnly.fetch) => createTestApp({ database, env, socialFetch: fetch });

  it("sends Google's popup to Google, found by discovery, with PKCE, state and nonce", async () => {
    const google = app({ GOOGLE_CLIENT_ID: REAL.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: REAL.GOOGLE_CLIENT_SECRET });
    const res = await google.app.request(`http://localhost:3000/auth/google/start?request=${newRequestId()}`);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("location")!);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: REAL.GOOGLE_CLIENT_ID,
      redirect_uri: "http://localhost:3000/auth/callback",
      response_type: "code",
      scope: "openid email profile",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
      ui_locales: "en",
    });
    expect(discoveryOnly.calls.map((call) => call.url)).toContain("https://accounts.google.com/.well-known/openid-configuration");
  });

  it("sends Apple's popup to Apple with form_post and Apple's scopes", async () => {
    const apple = app({
      APPLE_CLIENT_ID: REAL.APPLE_CLIENT_ID,
      APPLE_TEAM_ID: REAL.APPLE_TEAM_ID,
      APPLE_KEY_ID: REAL.APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: REAL.APPLE_PRIVATE_KEY,
      PUBLIC_URL: "https://sarraf.example",
    });
    const res = await apple.app.request(`https://sarraf.example/auth/apple/start?request=${newRequestId()}`);
    const url = new URL(res.headers.get("location")!);
    expect(url.origin + url.pathname).toBe("https://appleid.apple.com/auth/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: REAL.APPLE_CLIENT_ID,
      redirect_uri: "https://sarraf.example/auth/callback",
      response_type: "code",
      response_mode: "form_post",
      scope: "name email",
      code_challenge_method: "S256",
      nonce: expect.any(String),
      state: expect.any(String),
    });
  });

  it("sends Facebook's popup to Facebook's dialog without any request of its own", async () => {
    const calls = scriptedFetch({});
    const facebook = app({ FACEBOOK_CLIENT_ID: REAL.FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET: REAL.FACEBOOK_CLIENT_SECRET }, calls.fetch);
    const res = await facebook.app.request(`http://localhost:3000/auth/facebook/start?request=${newRequestId()}`);
    const url = new URL(res.headers.get("location")!);
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v19.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: REAL.FACEBOOK_CLIENT_ID,
      scope: "email public_profile",
      response_type: "code",
      code_challenge_method: "S256",
    });
    expect(calls.calls).toEqual([]);
  });

  it("answers failed, and logs, when a provider's discovery cannot be reached", async () => {
    const unreachable: CustomFetch = async () => {
      throw new TypeError("fetch failed");
    };
    const google = app({ GOOGLE_CLIENT_ID: REAL.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: REAL.GOOGLE_CLIENT_SECRET }, unreachable);
    const requestId = newRequestId();
    const res = await google.app.request(`http://localhost:3000/auth/google/start?request=${requestId}`);
    expect(res.status).toBe(502);
    expect(resultOf(await res.text())).toEqual({ type: "sarraf.social", requestId, error: "failed" });
    expect(google.logs.find((line) => line.msg === "social.providerUnreachable")).toMatchObject({ provider: "google", kind: "real" });
  });

  it("uses real providers where configured and the stand-in elsewhere, but no stand-in in production", () => {
    const standIns = createStandIns();
    const mixed = socialAdapters(envWith({ FACEBOOK_CLIENT_ID: REAL.FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET: REAL.FACEBOOK_CLIENT_SECRET }), standIns);
    expect([mixed.google?.kind, mixed.apple?.kind, mixed.facebook?.kind]).toEqual(["standIn", "standIn", "real"]);
    const production = socialAdapters(
      envWith({ ...PRODUCTION, GOOGLE_CLIENT_ID: REAL.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: REAL.GOOGLE_CLIENT_SECRET }),
      standIns,
    );
    expect([production.google?.kind, production.apple, production.facebook]).toEqual(["real", undefined, undefined]);
  });

  it("in production, answers failed for an unconfigured provider and serves no stand-in", async () => {
    const production = app(PRODUCTION);
    const requestId = newRequestId();
    const res = await production.app.request(`https://sarraf.example/auth/apple/start?request=${requestId}`);
    expect(resultOf(await res.text())).toEqual({ type: "sarraf.social", requestId, error: "failed" });
    expect(production.logs.find((line) => line.msg === "social.notConfigured")).toMatchObject({ provider: "apple" });
    expect((await production.app.request("https://sarraf.example/oidc/.well-known/openid-configuration")).status).toBe(404);
  });
});

describe("Apple", () => {
  const settings = { clientId: REAL.APPLE_CLIENT_ID, teamId: REAL.APPLE_TEAM_ID, keyId: REAL.APPLE_KEY_ID, privateKey: applePem };

  it("signs its client secret as Apple asks: ES256 with the key id, team as issuer, service as subject", async () => {
    let now = new Date("2026-03-01T12:00:00Z");
    const secret = appleClientSecret(settings, () => now);
    const first = await secret();
    const { payload, protectedHeader } = await jwtVerify(first, await importSPKI(applePublicPem, "ES256"), {
      issuer: REAL.APPLE_TEAM_ID,
      audience: "https://appleid.apple.com",
      subject: REAL.APPLE_CLIENT_ID,
      currentDate: now,
    });
    expect(protectedHeader).toEqual({ alg: "ES256", kid: REAL.APPLE_KEY_ID });
    expect(payload.exp! - payload.iat!).toBe(3600);
    now = new Date(now.getTime() + 49 * 60_000);
    expect(await secret()).toBe(first);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await secret()).not.toBe(first);
  });

  it("reads the name Apple posts once, and nothing from a malformed field", () => {
    expect(
      appleUserName(new URLSearchParams({ user: JSON.stringify({ name: { firstName: "Layla", lastName: "Nasser" }, email: "x@privaterelay.appleid.com" }) })),
    ).toBe("Layla Nasser");
    expect(appleUserName(new URLSearchParams({ user: "{not json" }))).toBeUndefined();
    expect(appleUserName(new URLSearchParams())).toBeUndefined();
  });

  describe("the code exchange (Apple's answers scripted)", () => {
    let signing: CryptoKey;
    let stranger: CryptoKey;
    let jwks: unknown;
    beforeAll(async () => {
      const pair = await generateKeyPair("RS256");
      signing = pair.privateKey;
      stranger = (await generateKeyPair("RS256")).privateKey;
      jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "apple-1", alg: "RS256", use: "sig" }] };
    });

    const attempt: Attempt = {
      redirectUri: "https://sarraf.example/auth/callback",
      state: "s".repeat(43),
      nonce: "n".repeat(43),
      codeVerifier: "v".repeat(43),
    };
    const idToken = (key: CryptoKey, claims: Record<string, unknown> = {}, { audience = REAL.APPLE_CLIENT_ID, age = 0 } = {}) => {
      const issuedAt = Math.floor(Date.now() / 1000) - age;
      return new SignJWT({ nonce: attempt.nonce, email: "layla@privaterelay.appleid.com", email_verified: "true", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "apple-1" })
        .setIssuer("https://appleid.apple.com")
        .setAudience(audience)
        .setSubject("001234.abcdef")
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 300)
        .sign(key);
    };

    function appleWith(token: () => Promise<string>) {
      const apple = scriptedFetch({
        "https://appleid.apple.com/.well-known/openid-configuration": () => APPLE_METADATA,
        "https://appleid.apple.com/auth/keys": () => jwks,
        "https://appleid.apple.com/auth/token": async () => ({ access_token: "apple-at", token_type: "Bearer", expires_in: 3600, id_token: await token() }),
      });
      const adapters = socialAdapters(envWith({ ...REAL }), createStandIns(), apple.fetch);
      return { adapter: adapters.apple!, calls: apple.calls };
    }
    const response = new URLSearchParams({
      code: "apple-code",
      state: attempt.state,
      user: JSON.stringify({ name: { firstName: "Layla", lastName: "Nasser" } }),
    });

    it("checks the ID token's signature and claims, and authenticates with the signed secret", async () => {
      const { adapter, calls } = appleWith(() => idToken(signing));
      const profile = await adapter.identify({ origin: "https://sarraf.example" }, response, attempt);
      expect(profile).toEqual({
        issuer: "https://appleid.apple.com",
        subject: "001234.abcdef",
        email: "layla@privaterelay.appleid.com",
        emailVerified: true,
        name: "Layla Nasser",
      });
      const tokenCall = calls.find((call) => call.url === "https://appleid.apple.com/auth/token")!;
      const form = new URLSearchParams(tokenCall.body);
      expect(Object.fromEntries(form)).toMatchObject({
        grant_type: "authorization_code",
        code: "apple-code",
        code_verifier: attempt.codeVerifier,
        redirect_uri: attempt.redirectUri,
        client_id: REAL.APPLE_CLIENT_ID,
      });
      await expect(jwtVerify(form.get("client_secret")!, await importSPKI(applePublicPem, "ES256"))).resolves.toBeTruthy();
    });

    it.each([
      ["a signature by a key Apple does not publish", () => idToken(stranger)],
      ["another nonce", () => idToken(signing, { nonce: "someone else's" })],
      ["another audience", () => idToken(signing, {}, { audience: "com.other.app" })],
      ["an expiry an hour ago", () => idToken(signing, {}, { age: 3600 })],
    ])("refuses an ID token with %s", async (_what, token) => {
      const { adapter } = appleWith(token);
      await expect(adapter.identify({ origin: "https://sarraf.example" }, response, attempt)).rejects.toThrow();
    });
  });
});

describe("Facebook (plain OAuth 2, answers scripted)", () => {
  it("exchanges the code with the PKCE verifier and asks the Graph API who it is, with the app-secret proof", async () => {
    const graph = scriptedFetch({
      "https://graph.facebook.com/v19.0/oauth/access_token": () => ({ access_token: "fb-token", token_type: "bearer", expires_in: 5183944 }),
      "https://graph.facebook.com/me": () => ({ id: "10223344556677", name: "Faisal Omar", email: "faisal@example.com" }),
    });
    const adapter = facebookAdapter({ clientId: REAL.FACEBOOK_CLIENT_ID, clientSecret: REAL.FACEBOOK_CLIENT_SECRET, fetch: graph.fetch });
    const attempt: Attempt = { redirectUri: "http://localhost:3000/auth/callback", state: "s".repeat(43), nonce: "n".repeat(43), codeVerifier: "v".repeat(43) };
    const profile = await adapter.identify({ origin: "http://localhost:3000" }, new URLSearchParams({ code: "fb-code", state: attempt.state }), attempt);
    expect(profile).toEqual({
      issuer: "https://www.facebook.com",
      subject: "10223344556677",
      email: "faisal@example.com",
      emailVerified: false,
      name: "Faisal Omar",
    });

    const [token, me] = graph.calls;
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toMatchObject({
      grant_type: "authorization_code",
      code: "fb-code",
      code_verifier: attempt.codeVerifier,
      redirect_uri: attempt.redirectUri,
      client_id: REAL.FACEBOOK_CLIENT_ID,
      client_secret: REAL.FACEBOOK_CLIENT_SECRET,
    });
    const meUrl = new URL(me!.url);
    expect(meUrl.searchParams.get("fields")).toBe("id,name,email");
    expect(meUrl.searchParams.get("appsecret_proof")).toBe(createHmac("sha256", REAL.FACEBOOK_CLIENT_SECRET).update("fb-token").digest("hex"));
    expect(Object.entries(me!.headers).find(([name]) => name.toLowerCase() === "authorization")?.[1]).toBe("Bearer fb-token");
  });

  it("refuses an answer whose state is not the attempt's", async () => {
    const adapter = facebookAdapter({ clientId: REAL.FACEBOOK_CLIENT_ID, clientSecret: REAL.FACEBOOK_CLIENT_SECRET, fetch: scriptedFetch({}).fetch });
    const attempt: Attempt = { redirectUri: "http://localhost:3000/auth/callback", state: "s".repeat(43), nonce: "n", codeVerifier: "v".repeat(43) };
    await expect(adapter.identify({ origin: "x" }, new URLSearchParams({ code: "c", state: "other" }), attempt)).rejects.toThrow();
  });
});
