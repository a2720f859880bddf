// Webhook signatures: the sandbox signs as Swipelux does (a flattened JWS of an ES256 JWT, keys in
// a JWKS) and the one verifier accepts a good delivery and refuses every kind of bad one.
import { describe, expect, it } from "vitest";
import { importJWK, SignJWT } from "jose";
import {
  createWebhookSigner,
  generateSigningKey,
  verifyWebhook,
  WebhookRejected,
  type SignedWebhook,
} from "../../../server/modules/onramp/webhook-signature.ts";

const start = new Date("2026-11-24T12:00:00Z");
const at = (seconds: number) => () => new Date(start.getTime() + seconds * 1000);
const claims = { orderId: "ord_123", externalId: "sarraf-1", status: "COMPLETED", amount: "100.00" };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function reason(delivery: unknown, keys: Parameters<typeof verifyWebhook>[1], now = at(1), maxAgeSeconds?: number) {
  try {
    await verifyWebhook(delivery, keys, now, maxAgeSeconds === undefined ? {} : { maxAgeSeconds });
    return "accepted";
  } catch (error) {
    if (error instanceof WebhookRejected) return error.reason;
    throw error;
  }
}

describe("webhook signatures", () => {
  it("accepts a delivery signed by a published key and answers its claims", async () => {
    const signer = await createWebhookSigner(at(0));
    const delivery = await signer.sign(claims);
    expect(Object.keys(delivery).sort()).toEqual(["payload", "protected", "signature"]);
    expect(JSON.parse(Buffer.from(delivery.protected, "base64url").toString())).toMatchObject({ alg: "ES256", kid: signer.jwks().keys[0]!.kid });
    expect(signer.jwks().keys[0]).not.toHaveProperty("d");
    expect(await verifyWebhook(delivery, signer.jwks(), at(1))).toMatchObject(claims);
  });

  it("refuses a changed payload, another provider's key, and a key id it does not publish", async () => {
    const signer = await createWebhookSigner(at(0));
    const stranger = await createWebhookSigner(at(0));
    const delivery = await signer.sign(claims);
    const decoded = JSON.parse(Buffer.from(delivery.payload, "base64url").toString());
    expect(await reason({ ...delivery, payload: b64({ ...decoded, amount: "1000000.00" }) }, signer.jwks())).toBe("badSignature");
    expect(await reason({ ...delivery, signature: (await stranger.sign(claims)).signature }, signer.jwks())).toBe("badSignature");
    expect(await reason(await stranger.sign(claims), signer.jwks())).toBe("unknownKey");
    // The stranger's key published under the signer's key id: the signature still has to match.
    const impostor = { keys: [{ ...stranger.jwks().keys[0]!, kid: signer.jwks().keys[0]!.kid }] };
    expect(await reason(delivery, impostor)).toBe("badSignature");
  });

  it("refuses an expired delivery, one from the future and a replay older than a day", async () => {
    const signer = await createWebhookSigner(at(0));
    const delivery = await signer.sign(claims, { expiresInSeconds: 300 });
    expect(await reason(delivery, signer.jwks(), at(299))).toBe("accepted");
    expect(await reason(delivery, signer.jwks(), at(301 + 30))).toBe("expired");
    expect(await reason(await (await createWebhookSigner(at(3600))).sign(claims), (await createWebhookSigner()).jwks())).toBe("unknownKey");
    const ahead = await createWebhookSigner(at(3600));
    expect(await reason(await ahead.sign(claims), ahead.jwks(), at(0))).toBe("notYetValid");
    const longLived = await signer.sign(claims, { expiresInSeconds: 7 * 24 * 3600 });
    expect(await reason(longLived, signer.jwks(), at(2 * 24 * 3600))).toBe("expired");
  });

  it("refuses another algorithm and anything that is not a flattened JWS", async () => {
    const signer = await createWebhookSigner(at(0));
    const delivery = await signer.sign(claims);
    const kid = signer.jwks().keys[0]!.kid;
    expect(await reason({ ...delivery, protected: b64({ alg: "none", kid }), signature: "AA" }, signer.jwks())).toBe("wrongAlgorithm");
    expect(await reason({ ...delivery, protected: b64({ alg: "HS256", kid }) }, signer.jwks())).toBe("wrongAlgorithm");
    const malformed: unknown[] = [
      null,
      "a.b.c",
      {},
      { ...delivery, signature: undefined },
      { ...delivery, payload: 42 },
      { ...delivery, payload: "not base64 !" },
      { ...delivery, protected: "" },
      { ...delivery, payload: b64("just a string") },
    ];
    for (const body of malformed) expect(await reason(body as SignedWebhook, signer.jwks()), JSON.stringify(body)).not.toBe("accepted");
    expect(await reason({ ...delivery, payload: "not base64 !" }, signer.jwks())).toBe("malformed");
  });

  describe("as Swipelux documents its deliveries: an ES256 JWT of { status, externalId?, orderId, eventTs }, no iat nor exp", () => {
    /** Signed by hand with jose (not our signer), with exactly these claims and no registered ones. */
    async function swipeluxShaped(payload: Record<string, unknown>) {
      const key = await generateSigningKey();
      const token = await new SignJWT(payload).setProtectedHeader({ alg: "ES256", kid: key.kid }).sign(await importJWK(key.privateJwk, "ES256"));
      const [header, body, signature] = token.split(".") as [string, string, string];
      return { delivery: { protected: header, payload: body, signature }, keys: { keys: [key.publicJwk] } };
    }
    const documented = { status: "SUCCESS", externalId: "sarraf-1", orderId: "ord_123" };

    it("accepts one dated by eventTs, in milliseconds or seconds", async () => {
      const inMs = await swipeluxShaped({ ...documented, eventTs: start.getTime() });
      expect(await reason(inMs.delivery, inMs.keys, at(60))).toBe("accepted");
      const inSeconds = await swipeluxShaped({ ...documented, eventTs: start.getTime() / 1000 });
      expect(await reason(inSeconds.delivery, inSeconds.keys, at(60))).toBe("accepted");
      expect(await verifyWebhook(inMs.delivery, inMs.keys, at(60))).toMatchObject(documented);
    });

    it("keeps the replay window from eventTs: stale (a day by default, or the window given) or future ones are refused", async () => {
      const old = await swipeluxShaped({ ...documented, eventTs: start.getTime() });
      expect(await reason(old.delivery, old.keys, at(2 * 24 * 3600))).toBe("expired");
      expect(await reason(old.delivery, old.keys, at(5 * 60), 10 * 60)).toBe("accepted");
      expect(await reason(old.delivery, old.keys, at(15 * 60), 10 * 60)).toBe("expired");
      const ahead = await swipeluxShaped({ ...documented, eventTs: start.getTime() + 3_600_000 });
      expect(await reason(ahead.delivery, ahead.keys, at(0))).toBe("notYetValid");
    });

    it("refuses one with neither iat nor eventTs: nothing dates it, so it could be replayed forever", async () => {
      const undated = await swipeluxShaped(documented);
      expect(await reason(undated.delivery, undated.keys, at(0))).toBe("undated");
      const garbage = await swipeluxShaped({ ...documented, eventTs: "yesterday" });
      expect(await reason(garbage.delivery, garbage.keys, at(0))).toBe("undated");
    });

    it("our signer can sign that way too (the sandbox's tests of the documented shape)", async () => {
      const signer = await createWebhookSigner(at(0));
      const delivery = await signer.sign({ ...documented, eventTs: start.getTime() }, { standardClaims: false });
      const claims = JSON.parse(Buffer.from(delivery.payload, "base64url").toString());
      expect(claims).not.toHaveProperty("iat");
      expect(claims).not.toHaveProperty("exp");
      expect(await reason(delivery, signer.jwks(), at(1))).toBe("accepted");
    });
  });
});
