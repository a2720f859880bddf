// The Swipelux adapter against recorded answers (fixtures/swipelux, shaped as Swipelux documents
// them, ids invented): every request it makes is checked — method, address, key, body and the
// exact amount text — and its answers, failures and webhooks are read into the provider port.
import { readFileSync } from "node:fs";
import { CompactSign, exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { ProviderUnavailable, type CreateOrderRequest } from "../../../server/modules/onramp/provider.ts";
import { createSwipeluxProvider, SwipeluxRefused, type SwipeluxOptions } from "../../../server/modules/onramp/swipelux.ts";
import { decimalToUnits, parseExactJson, unitsToDecimal } from "../../../server/modules/onramp/swipelux-mapping.ts";
import { createWebhookSigner, WebhookRejected, type SignedWebhook } from "../../../server/modules/onramp/webhook-signature.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/swipelux/${name}.json`, import.meta.url), "utf8");
const API = "https://api.swipelux.test";
const KEYS_URL = `${API}/api/merchants/webhookKeys`;
const API_KEY = "sk_live_Sarraf_9f8e7d6c5b4a";
const ASSETS = {
  BTC: { currency: "BTC", decimals: 8, targetAddress: "bc1qsarraftreasury0000000000000000000000xyz" },
  ETH: { currency: "ETH", decimals: 18, targetAddress: "0x5a44a2f0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6" },
};
const ORDER_ID = "ord_7Hq2ZkL9mVx3";
const EXTERNAL_ID = "0f6b1c52-8d2e-4f7a-9c1b-3e5d7a9b2c41";

interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  redirect: RequestRedirect | undefined;
}
type Handler = (request: Recorded, signal: AbortSignal) => Response | Promise<Response>;

/** Swipelux as a fetch: records each request and answers with the handler. */
function fakeSwipelux(handler: Handler) {
  const calls: Recorded[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = {
      method: init?.method ?? "GET",
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? init.body : null,
      redirect: init?.redirect,
    };
    calls.push(request);
    return handler(request, init!.signal!);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}
const answer = (body: string, status = 200) => new Response(body, { status, headers: { "Content-Type": "application/json" } });

let clock = new Date("2026-11-24T12:00:00Z");
const now = () => clock;
const provider = (fetch: typeof globalThis.fetch, options: Partial<SwipeluxOptions> = {}) =>
  createSwipeluxProvider({ apiUrl: API, apiKey: API_KEY, webhookKeysUrl: KEYS_URL, assets: ASSETS, fetch, now, ...options });

const request: CreateOrderRequest = {
  externalId: EXTERNAL_ID,
  asset: "BTC",
  currency: "USD",
  fiatCents: 12345n,
  cryptoUnits: 123311n,
  cryptoDecimals: 8,
  email: "buyer@example.com",
  locale: "ar",
};

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("Swipelux: creating an order", () => {
  it("posts a prepared order with the key, the exact amount and the treasury address, and answers its id and payment link", async () => {
    const swipelux = fakeSwipelux(() => answer(fixture("create-order")));
    const created = await provider(swipelux.fetch).createOrder(request);

    expect(created).toEqual({ providerOrderId: ORDER_ID, paymentUrl: "https://track.swipelux.com/?orderToken=otk_5c1f0e9a2b7d4e8f9a0b1c2d3e4f5a6b" });
    expect(swipelux.calls).toHaveLength(1);
    const [call] = swipelux.calls;
    expect(call!.method).toBe("POST");
    expect(call!.url).toBe(`${API}/api/orders/createPrepared`);
    expect(call!.headers.get("Authorization")).toBe(API_KEY);
    expect(call!.headers.get("Content-Type")).toBe("application/json");
    expect(call!.redirect).toBe("manual");
    expect(call!.body).toContain('"amount":123.45,');
    expect(JSON.parse(call!.body!)).toEqual({
      amounts: { from: { amount: 123.45, currency: "USD" }, to: { currency: "BTC" } },
      user: { email: "buyer@example.com" },
      targetAddress: ASSETS.BTC.targetAddress,
      externalId: EXTERNAL_ID,
    });
  });

  it.each([
    [10000n, "100"],
    [5n, "0.05"],
    [1999n, "19.99"],
    [120n, "1.2"],
    [123456789012345678901n, "1234567890123456789.01"],
  ])("sends %s cents as the JSON number %s, digit for digit", async (fiatCents, amount) => {
    const swipelux = fakeSwipelux(() => answer(fixture("create-order")));
    await provider(swipelux.fetch).createOrder({ ...request, fiatCents });
    expect(swipelux.calls[0]!.body).toContain(`{"from":{"amount":${amount},"currency":"USD"}`);
  });

  it("sends an ETH order to the ETH address and accepts the payment link under its other spelling", async () => {
    const created = JSON.stringify({ orderId: "ord_R4tW8pN2cJ6e", orderToken: "otk_1", acsUrl: "https://track.swipelux.com/?orderToken=otk_1" });
    const swipelux = fakeSwipelux(() => answer(created));
    const order = await provider(swipelux.fetch).createOrder({ ...request, asset: "ETH", cryptoUnits: 10n ** 16n, cryptoDecimals: 18 });
    expect(order).toEqual({ providerOrderId: "ord_R4tW8pN2cJ6e", paymentUrl: "https://track.swipelux.com/?orderToken=otk_1" });
    expect(JSON.parse(swipelux.calls[0]!.body!)).toMatchObject({ amounts: { to: { currency: "ETH" } }, targetAddress: ASSETS.ETH.targetAddress });
  });

  it("refuses an asset it is not set up for, or with other decimals, without asking Swipelux", async () => {
    const swipelux = fakeSwipelux(() => answer(fixture("create-order")));
    expect((await failure(provider(swipelux.fetch).createOrder({ ...request, asset: "DOGE" }))).message).toMatch(/not set up to sell DOGE/);
    expect((await failure(provider(swipelux.fetch).createOrder({ ...request, cryptoDecimals: 6 }))).message).toMatch(/decimals/);
    expect(swipelux.calls).toHaveLength(0);
  });

  it("a refused request is SwipeluxRefused with the status and code, never the key nor what was sent", async () => {
    const refused = await failure(provider(fakeSwipelux(() => answer(fixture("error-bad-request"), 400)).fetch).createOrder(request));
    expect(refused).toBeInstanceOf(SwipeluxRefused);
    expect(refused).not.toBeInstanceOf(ProviderUnavailable);
    expect((refused as SwipeluxRefused).status).toBe(400);
    expect(refused.message).toBe("Swipelux refused the new order (HTTP 400 Bad Request)");

    const unauthorized = await failure(provider(fakeSwipelux(() => answer('{"error":"Unauthorized"}', 401)).fetch).createOrder(request));
    expect(unauthorized).toBeInstanceOf(SwipeluxRefused);
    expect(unauthorized.message).toMatch(/check SWIPELUX_API_KEY/);
    for (const error of [refused, unauthorized]) {
      expect(error.message).not.toContain(API_KEY);
      expect(error.message).not.toContain("buyer@example.com");
    }
  });

  it("does not hand the buyer anything but an https payment page", async () => {
    const hostile = JSON.stringify({ orderId: ORDER_ID, ascUrl: "javascript:alert(document.cookie)" });
    expect(await failure(provider(fakeSwipelux(() => answer(hostile)).fetch).createOrder(request))).toBeInstanceOf(ProviderUnavailable);
    const noId = JSON.stringify({ ascUrl: "https://track.swipelux.com/" });
    expect(await failure(provider(fakeSwipelux(() => answer(noId)).fetch).createOrder(request))).toBeInstanceOf(ProviderUnavailable);
  });
});

describe("Swipelux: an answer that does not come is ProviderUnavailable", () => {
  const secretBody = `{"error":"upstream exploded","echo":"${API_KEY}"}`;

  it.each([
    ["a 500", () => answer(secretBody, 500)],
    ["a 503", () => answer(secretBody, 503)],
    ["a 429", () => answer(secretBody, 429)],
    ["a network error", () => Promise.reject(new TypeError("fetch failed"))],
    ["a body that is not JSON", () => new Response(`<html>${API_KEY}</html>`, { status: 200 })],
  ])("%s, for creating and for looking up, with neither the key nor the body in the message", async (_, handler) => {
    for (const attempt of [(p: ReturnType<typeof provider>) => p.createOrder(request), (p: ReturnType<typeof provider>) => p.getOrder(ORDER_ID)]) {
      const error = await failure(attempt(provider(fakeSwipelux(handler).fetch)));
      expect(error).toBeInstanceOf(ProviderUnavailable);
      expect(error.message).not.toContain(API_KEY);
      expect(error.message).not.toContain("exploded");
    }
  });

  it("a Swipelux that does not answer in time (the request is aborted)", async () => {
    let aborted = false;
    const hanging = fakeSwipelux(
      (_, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    );
    const started = Date.now();
    const error = await failure(provider(hanging.fetch, { timeoutMs: 30 }).getOrder(ORDER_ID));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toBe("Swipelux did not answer the order lookup within 30 ms");
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("Swipelux: looking an order up", () => {
  it.each([
    ["order-pending", "pending", new Date("2026-11-24T12:00:03.120Z")],
    ["order-processing", "processing", new Date("2026-11-24T12:00:03.120Z")],
    ["order-failed", "failed", new Date("2026-11-24T12:03:10.500Z")],
    ["order-cancelled", "cancelled", new Date("2026-11-24T12:02:00.000Z")],
    ["order-expired", "expired", new Date("2026-11-24T12:30:03.120Z")],
  ])("reads %s as %s, with nothing delivered", async (name, status, at) => {
    const swipelux = fakeSwipelux(() => answer(fixture(name)));
    expect(await provider(swipelux.fetch).getOrder(ORDER_ID)).toEqual({ providerOrderId: ORDER_ID, externalId: EXTERNAL_ID, status, deliveredUnits: null, at });
    const [call] = swipelux.calls;
    expect(call!.method).toBe("GET");
    expect(call!.url).toBe(`${API}/api/public/orders/${ORDER_ID}`);
    // A public endpoint: the secret key is not sent where it is not needed.
    expect(call!.headers.has("Authorization")).toBe(false);
  });

  it("reads a completed BTC order's delivered amount exactly (8 decimals)", async () => {
    const order = await provider(fakeSwipelux(() => answer(fixture("order-success-btc"))).fetch).getOrder(ORDER_ID);
    expect(order).toEqual({
      providerOrderId: ORDER_ID,
      externalId: EXTERNAL_ID,
      status: "completed",
      deliveredUnits: 123311n,
      deliveredAsset: "BTC",
      at: new Date("2026-11-24T12:04:41.877Z"),
    });
  });

  it("reads a completed ETH order's delivered amount exactly (18 decimals, more digits than a float holds)", async () => {
    const recorded = fixture("order-success-eth");
    expect(String(JSON.parse(recorded).to.amount)).not.toBe("0.139876543210987654"); // what a float would have read
    const order = await provider(fakeSwipelux(() => answer(recorded)).fetch).getOrder("ord_R4tW8pN2cJ6e");
    expect(order.status).toBe("completed");
    expect(order.deliveredUnits).toBe(139876543210987654n);
  });

  it.each([
    ["CREATED", "pending"],
    ["COMPLETED", "completed"],
    ["success", "completed"],
    ["REFUNDED", "refunded"],
    ["CHARGEBACK", "chargedBack"],
    ["DECLINED", "failed"],
    ["CANCELED", "cancelled"],
  ])("maps the status %s to %s", async (swipeluxStatus, status) => {
    const recorded = fixture("order-pending").replace('"PENDING"', JSON.stringify(swipeluxStatus));
    expect((await provider(fakeSwipelux(() => answer(recorded)).fetch).getOrder(ORDER_ID)).status).toBe(status);
  });

  it("refuses to guess: an unknown status, an amount finer than the asset, another order's answer", async () => {
    const unknown = fixture("order-pending").replace('"PENDING"', '"ON_HOLD"');
    const error = await failure(provider(fakeSwipelux(() => answer(unknown)).fetch).getOrder(ORDER_ID));
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(error.message).toContain("ON_HOLD");

    const tooFine = fixture("order-success-btc").replace('"amount": 0.00123311', '"amount": 0.000000001');
    expect(await failure(provider(fakeSwipelux(() => answer(tooFine)).fetch).getOrder(ORDER_ID))).toBeInstanceOf(ProviderUnavailable);
    expect(await failure(provider(fakeSwipelux(() => answer(fixture("order-pending"))).fetch).getOrder("ord_other"))).toBeInstanceOf(ProviderUnavailable);
  });

  it("escapes the order id into the path, and a 404 is SwipeluxRefused", async () => {
    const swipelux = fakeSwipelux(() => answer('{"statusCode":404,"message":"Order not found","error":"Not Found"}', 404));
    const error = await failure(provider(swipelux.fetch).getOrder("../merchants/x?y"));
    expect(swipelux.calls[0]!.url).toBe(`${API}/api/public/orders/..%2Fmerchants%2Fx%3Fy`);
    expect(error).toBeInstanceOf(SwipeluxRefused);
    expect((error as SwipeluxRefused).status).toBe(404);
  });
});

describe("Swipelux: webhooks", () => {
  /** Swipelux publishing `served.keys` at its keys address (counting the fetches). */
  function keyServer(served: { keys: object[] }) {
    return fakeSwipelux((call) => {
      expect(call.url).toBe(KEYS_URL);
      expect(call.method).toBe("GET");
      expect(call.headers.has("Authorization")).toBe(false);
      return answer(JSON.stringify(served));
    });
  }
  const reason = async (promise: Promise<unknown>) => {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(WebhookRejected);
    return (error as WebhookRejected).reason;
  };

  it("reads a signed delivery into the event, fetching the keys once and keeping them", async () => {
    clock = new Date("2026-11-24T12:05:00Z");
    const signer = await createWebhookSigner(now);
    const swipelux = keyServer(signer.jwks());
    const adapter = provider(swipelux.fetch);

    const completed = await adapter.verifyWebhook(await signer.sign(JSON.parse(fixture("webhook-completed"))));
    expect(completed).toEqual({
      providerOrderId: ORDER_ID,
      externalId: EXTERNAL_ID,
      status: "completed",
      deliveredUnits: 123311n,
      deliveredAsset: "BTC",
      at: new Date("2026-11-24T12:04:41.877Z"),
    });
    const processing = await adapter.verifyWebhook(await signer.sign(JSON.parse(fixture("webhook-processing"))));
    expect(processing).toEqual({
      providerOrderId: ORDER_ID,
      externalId: EXTERNAL_ID,
      status: "processing",
      deliveredUnits: null,
      at: new Date("2026-11-24T12:02:00Z"),
    });
    expect(swipelux.calls).toHaveLength(1);
  });

  it("reads an 18-decimal amount exactly from the signed bytes", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "swipelux-2026", alg: "ES256", use: "sig" };
    const iat = Math.floor(clock.getTime() / 1000);
    const payload = `{"orderId":"ord_R4tW8pN2cJ6e","status":"SUCCESS","eventTs":${iat},"order":{"to":{"amount":0.139876543210987654,"currency":{"code":"ETH"}}},"iat":${iat},"exp":${iat + 300}}`;
    const jws = await new CompactSign(new TextEncoder().encode(payload)).setProtectedHeader({ alg: "ES256", kid: jwk.kid, typ: "JWT" }).sign(privateKey);
    const [header, body, signature] = jws.split(".") as [string, string, string];
    const event = await provider(keyServer({ keys: [jwk] }).fetch).verifyWebhook({ protected: header, payload: body, signature });
    expect(event).toMatchObject({ providerOrderId: "ord_R4tW8pN2cJ6e", externalId: null, status: "completed", deliveredUnits: 139876543210987654n });
  });

  it("refuses a tampered delivery with WebhookRejected(badSignature), as the verifier threw it", async () => {
    const signer = await createWebhookSigner(now);
    const delivery = await signer.sign(JSON.parse(fixture("webhook-processing")));
    const claims = JSON.parse(Buffer.from(delivery.payload, "base64url").toString());
    const tampered: SignedWebhook = { ...delivery, payload: Buffer.from(JSON.stringify({ ...claims, status: "SUCCESS" })).toString("base64url") };
    expect(await reason(provider(keyServer(signer.jwks()).fetch).verifyWebhook(tampered))).toBe("badSignature");
  });

  it("refuses a key Swipelux does not publish, asking for the keys again at most once a minute", async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    const published = await createWebhookSigner(now);
    const stranger = await createWebhookSigner(now);
    const swipelux = keyServer(published.jwks());
    const adapter = provider(swipelux.fetch);

    expect(await reason(adapter.verifyWebhook(await stranger.sign({ orderId: ORDER_ID, status: "SUCCESS" })))).toBe("unknownKey");
    expect(await reason(adapter.verifyWebhook(await stranger.sign({ orderId: ORDER_ID, status: "SUCCESS" })))).toBe("unknownKey");
    expect(swipelux.calls).toHaveLength(1); // fetched for the first delivery, not again within the minute
    clock = new Date("2026-11-24T12:01:01Z");
    expect(await reason(adapter.verifyWebhook(await stranger.sign({ orderId: ORDER_ID, status: "SUCCESS" })))).toBe("unknownKey");
    expect(swipelux.calls).toHaveLength(2); // asked again once the minute was up, and still not published
  });

  it("follows a key rotation: a new key id is fetched once the cached keys are a minute old", async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    const before = await createWebhookSigner(now);
    const after = await createWebhookSigner(now);
    const served = { keys: before.jwks().keys };
    const swipelux = keyServer(served);
    const adapter = provider(swipelux.fetch);
    const delivery = JSON.parse(fixture("webhook-processing"));

    expect((await adapter.verifyWebhook(await before.sign(delivery))).status).toBe("processing");
    served.keys = after.jwks().keys; // Swipelux rotates
    expect(await reason(adapter.verifyWebhook(await after.sign(delivery)))).toBe("unknownKey");
    expect(swipelux.calls).toHaveLength(1);
    clock = new Date("2026-11-24T12:01:00Z");
    expect((await adapter.verifyWebhook(await after.sign(delivery))).status).toBe("processing");
    expect(swipelux.calls).toHaveLength(2);
    expect(await reason(adapter.verifyWebhook(await before.sign(delivery)))).toBe("unknownKey"); // the old key is gone
    expect(swipelux.calls).toHaveLength(2);
  });

  it("stops trusting a withdrawn key once the cached keys are an hour old", async () => {
    clock = new Date("2026-11-24T12:00:00Z");
    const withdrawn = await createWebhookSigner(now);
    const served = { keys: withdrawn.jwks().keys };
    const swipelux = keyServer(served);
    const adapter = provider(swipelux.fetch);
    const delivery = JSON.parse(fixture("webhook-processing"));
    expect((await adapter.verifyWebhook(await withdrawn.sign(delivery))).status).toBe("processing");
    served.keys = (await createWebhookSigner(now)).jwks().keys;
    clock = new Date("2026-11-24T12:59:00Z");
    expect((await adapter.verifyWebhook(await withdrawn.sign(delivery))).status).toBe("processing");
    expect(swipelux.calls).toHaveLength(1);
    clock = new Date("2026-11-24T13:00:00Z");
    expect(await reason(adapter.verifyWebhook(await withdrawn.sign(delivery)))).toBe("unknownKey");
    expect(swipelux.calls).toHaveLength(2);
  });

  it("keys that cannot be fetched are ProviderUnavailable (Swipelux delivers again), not a rejection", async () => {
    const signer = await createWebhookSigner(now);
    const delivery = await signer.sign(JSON.parse(fixture("webhook-processing")));
    expect(await failure(provider(fakeSwipelux(() => answer("oops", 502)).fetch).verifyWebhook(delivery))).toBeInstanceOf(ProviderUnavailable);
    expect(await failure(provider(fakeSwipelux(() => answer('{"keys":"none"}')).fetch).verifyWebhook(delivery))).toBeInstanceOf(ProviderUnavailable);
  });
});

describe("Swipelux amounts", () => {
  it("converts between minor units and decimals by string arithmetic", () => {
    expect(unitsToDecimal(12345n, 2)).toBe("123.45");
    expect(unitsToDecimal(1n, 18)).toBe("0.000000000000000001");
    expect(unitsToDecimal(7n, 0)).toBe("7");
    expect(decimalToUnits("0.29", 8)).toBe(29_000_000n);
    expect(decimalToUnits("1.5e-7", 8)).toBe(15n);
    expect(decimalToUnits("2E+3", 6)).toBe(2_000_000_000n);
    expect(decimalToUnits("100", 18)).toBe(10n ** 20n);
    for (const bad of ["1e-9", "0.123456789", "-1", "1,5", "", "NaN", "1e999"]) expect(() => decimalToUnits(bad, 8)).toThrow(RangeError);
  });

  it("parses JSON with every number kept as its text, strings untouched", () => {
    expect(parseExactJson('{"a":"x\\"1,2","b":-0.1e-2,"c":[1,true,null],"d":0.012345678901234567}')).toEqual({
      a: 'x"1,2',
      b: "-0.1e-2",
      c: ["1", true, null],
      d: "0.012345678901234567",
    });
    expect(() => parseExactJson('{"a":01}')).toThrow(SyntaxError);
    expect(() => parseExactJson("<html>")).toThrow(SyntaxError);
  });
});
