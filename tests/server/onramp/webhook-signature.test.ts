// Webhook signatures: the sandbox signs as Swipelux does (a flattened JWS of an ES256 JWT, keys in
// a JWKS) and the one verifier accepts a good delivery and refuses every kind of bad one.
import { describe, expect, it } from "vitest";
import { createWebhookSigner, verifyWebhook, WebhookRejected, type SignedWebhook } from "../../../server/modules/onramp/webhook-signature.ts";

const start = new Date("2026-11-24T12:00:00Z");
const at = (seconds: number) => () => new Date(start.getTime() + seconds * 1000);
const claims = { orderId: "ord_123", externalId: "sarraf-1", status: "COMPLETED", amount: "100.00" };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function reason(delivery: unknown, keys: Parameters<typeof verifyWebhook>[1], now = at(1)) {
  try {
    await verifyWebhook(delivery, keys, now);
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
});
