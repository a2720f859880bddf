// Webhook signatures as Swipelux makes them: the body is a flattened JWS of a JWT —
// `{ protected, payload, signature }` — signed with ES256 by a key the provider publishes in a JWKS
// (`/api/merchants/webhookKeys`). The sandbox signs with its own key pair and publishes its JWKS the
// same way, so the real and the embedded provider go through this one verifier.
//
// What Swipelux documents (docs.swipelux.com, on-ramp "Listen to webhook events"): an ES256 JWT
// verified with its published JWKS, whose payload is `{ status, externalId?, orderId, eventTs }`.
// It documents no `iat` nor `exp`, so neither is required: a delivery's time is its `iat` when it
// has one (the signature's own time), else its `eventTs` (milliseconds or seconds), and one of them
// must be there; a delivery older than the replay window (ONRAMP_WEBHOOK_MAX_AGE_SECONDS) or from
// the future is refused. An `exp`, when present, is still enforced.
import { randomUUID } from "node:crypto";
import { createLocalJWKSet, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JSONWebKeySet, type JWK, type JWTPayload } from "jose";

export interface SignedWebhook {
  protected: string;
  payload: string;
  signature: string;
}

export type WebhookRejection = "malformed" | "unknownKey" | "badSignature" | "expired" | "notYetValid" | "wrongAlgorithm" | "undated";

/** A webhook that must not be acted on; the reason is for logs and tests, never for the sender. */
export class WebhookRejected extends Error {
  constructor(readonly reason: WebhookRejection) {
    super(`webhook rejected: ${reason}`);
    this.name = "WebhookRejected";
  }
}

const ALGORITHM = "ES256";
/** A delivery older than this is refused even before its own expiry (a replayed capture); the default of ONRAMP_WEBHOOK_MAX_AGE_SECONDS. */
export const WEBHOOK_MAX_AGE_SECONDS = 24 * 3600;
const CLOCK_TOLERANCE_SECONDS = 30;

const isPart = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length < 100_000 && /^[A-Za-z0-9_-]+$/.test(value);

export interface VerifyOptions {
  /** The replay window: a delivery whose time (`iat`, else `eventTs`) is older is refused. */
  maxAgeSeconds?: number;
}

/** A delivery's time in seconds since the epoch: its `iat`, else its `eventTs` (Swipelux sends milliseconds or seconds); null without either. */
export function deliveryTime(claims: JWTPayload): number | null {
  if (typeof claims.iat === "number" && Number.isFinite(claims.iat) && claims.iat > 0) return claims.iat;
  const eventTs = typeof claims.eventTs === "number" || typeof claims.eventTs === "string" ? Number(claims.eventTs) : Number.NaN;
  if (Number.isFinite(eventTs) && eventTs > 0) return eventTs >= 1e12 ? eventTs / 1000 : eventTs;
  return null;
}

/** The verified claims of a delivery, or WebhookRejected. */
export async function verifyWebhook(
  body: unknown,
  keys: JSONWebKeySet,
  now: () => Date = () => new Date(),
  { maxAgeSeconds = WEBHOOK_MAX_AGE_SECONDS }: VerifyOptions = {},
): Promise<JWTPayload> {
  if (!body || typeof body !== "object") throw new WebhookRejected("malformed");
  const { protected: header, payload, signature } = body as Record<string, unknown>;
  if (!isPart(header) || !isPart(payload) || !isPart(signature)) throw new WebhookRejected("malformed");
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(`${header}.${payload}.${signature}`, createLocalJWKSet(keys), {
      algorithms: [ALGORITHM],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now(),
    }));
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw new WebhookRejected("unknownKey");
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new WebhookRejected("badSignature");
    if (error instanceof errors.JWTExpired) throw new WebhookRejected("expired");
    if (error instanceof errors.JOSEAlgNotAllowed) throw new WebhookRejected("wrongAlgorithm");
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === "iat") throw new WebhookRejected("notYetValid");
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === "nbf") throw new WebhookRejected("notYetValid");
    throw new WebhookRejected("malformed");
  }
  // The replay window, from the delivery's own time: without one, a captured delivery would be good forever.
  const time = deliveryTime(claims);
  if (time === null) throw new WebhookRejected("undated");
  const current = now().getTime() / 1000;
  if (time > current + CLOCK_TOLERANCE_SECONDS) throw new WebhookRejected("notYetValid");
  if (current - time > maxAgeSeconds + CLOCK_TOLERANCE_SECONDS) throw new WebhookRejected("expired");
  return claims;
}

export interface WebhookSigner {
  /** The public keys, as the provider publishes them. */
  jwks(): JSONWebKeySet;
  /**
   * A delivery body for these claims, valid for `expiresInSeconds`. `standardClaims: false` signs
   * the claims alone, as Swipelux documents its deliveries (no `iat`, no `exp`; `eventTs` dates them).
   */
  sign(claims: Record<string, unknown>, options?: { expiresInSeconds?: number; standardClaims?: boolean }): Promise<SignedWebhook>;
}

/** A signing key as it is kept between restarts. */
export interface StoredSigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A fresh ES256 key pair with a new key id, exportable so it can be kept. */
export async function generateSigningKey(): Promise<StoredSigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const kid = randomUUID();
  return { kid, privateJwk: await exportJWK(privateKey), publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: "sig" } };
}

/** The sandbox's signer: a kept key (so a restart signs as before), or a fresh one. */
export async function createWebhookSigner(now: () => Date = () => new Date(), stored?: StoredSigningKey): Promise<WebhookSigner> {
  const key = stored ?? (await generateSigningKey());
  const privateKey = await importJWK(key.privateJwk, ALGORITHM);
  const publicJwk = { ...key.publicJwk, kid: key.kid, alg: ALGORITHM, use: "sig" };
  return {
    jwks: () => ({ keys: [publicJwk] }),
    async sign(claims, { expiresInSeconds = 300, standardClaims = true } = {}) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: "JWT" });
      if (standardClaims) jwt.setIssuedAt(issuedAt).setExpirationTime(issuedAt + expiresInSeconds);
      const token = await jwt.sign(privateKey);
      const [header, payload, signature] = token.split(".") as [string, string, string];
      return { protected: header, payload, signature };
    },
  };
}
