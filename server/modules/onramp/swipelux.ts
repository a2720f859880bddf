// The card on-ramp by Swipelux (ONRAMP_PROVIDER=swipelux): its REST API for prepared orders and
// order lookups, and its signed webhooks verified against the keys it publishes.
//
//   createOrder  POST {apiUrl}/api/orders/createPrepared      (Authorization: the secret API key)
//   getOrder     GET  {apiUrl}/api/public/orders/{orderId}     (public: the order id is the credential)
//   webhooks     keys from {webhookKeysUrl}, a JWKS (public), cached for an hour; fetched again at
//                most once a minute when a delivery names a key it does not hold, so a rotation works
//
// Every failure to get an answer — network error, timeout, 5xx or 429, a body that is not what
// Swipelux documents — is ProviderUnavailable: the caller tries again later. A refusal of the
// request itself (another 4xx) is SwipeluxRefused. Neither message carries the API key, a token,
// or anything from a body beyond an error code; nothing here logs.
import type { JSONWebKeySet } from "jose";
import { ProviderUnavailable, type CreatedOrder, type CreateOrderRequest, type OnrampProvider, type ProviderOrder } from "./provider.ts";
import { parseExactJson, readCreated, readOrder, readWebhook, unitsToDecimal } from "./swipelux-mapping.ts";
import { verifyWebhook as verifySignature, WebhookRejected } from "./webhook-signature.ts";

/** How Sarraf buys one of its assets through Swipelux. */
export interface SwipeluxAsset {
  /** Swipelux's currency code for it (`amounts.to.currency`, and `to.currency.code` in its answers), e.g. "BTC". */
  currency: string;
  /** The asset's decimals: minor units per unit are 10^decimals. */
  decimals: number;
  /** Sarraf's treasury address on the asset's network: where Swipelux delivers. */
  targetAddress: string;
}

export interface SwipeluxOptions {
  apiUrl: string;
  apiKey: string;
  webhookKeysUrl: string;
  /**
   * The assets on sale through Swipelux, by Sarraf's symbol, with the treasury address each is
   * delivered to. Without an entry createOrder refuses the asset and a completed order in it is
   * unreadable: no order is ever sent without an address Sarraf holds.
   */
  assets?: Readonly<Record<string, SwipeluxAsset>>;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How long one request may take, answer included (default 10 s). */
  timeoutMs?: number;
  /** The webhook replay window (ONRAMP_WEBHOOK_MAX_AGE_SECONDS; default a day). */
  webhookMaxAgeSeconds?: number;
}

/** Swipelux refused the request itself (a 4xx other than 408/429): trying it again will not help. */
export class SwipeluxRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SwipeluxRefused";
  }
}

/** A key id Sarraf does not hold sends it back for the keys at most this often. */
const KEYS_REFRESH_MS = 60_000;
/** Keys older than this are fetched again before use, so a key Swipelux withdraws stops being trusted. */
const KEYS_MAX_AGE_MS = 3_600_000;
/** The fiat amount is sent in units with this many decimals (the port gives cents). */
const FIAT_DECIMALS = 2;
const CODE = /^[A-Za-z][A-Za-z0-9 _.-]{0,63}$/;

/** An error code from a refusal's body (`code`, or `error` as in `{ statusCode, message, error }`); never its message. */
function errorCode(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const code = [parsed.code, parsed.error].find((value) => typeof value === "string" && CODE.test(value));
    return typeof code === "string" ? code : null;
  } catch {
    return null;
  }
}

const isTimeout = (error: unknown) => error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

export function createSwipeluxProvider(options: SwipeluxOptions): OnrampProvider {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const api = options.apiUrl.replace(/\/+$/, "");
  const assets = options.assets ?? {};
  const assetOf = (currency: string) => {
    const found = Object.entries(assets).find(([, asset]) => asset.currency.toUpperCase() === currency.toUpperCase());
    return found ? { symbol: found[0], decimals: found[1].decimals } : undefined;
  };

  /** One request, answered by its body read exactly (numbers as text), or the errors above. */
  async function call(what: string, url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    let body: string;
    try {
      // Redirects are not followed: the API key goes to the configured host and nowhere else.
      response = await send(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
      if (response.status >= 500 || response.status === 408 || response.status === 429) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderUnavailable(`Swipelux answered ${what} with HTTP ${response.status}`);
      }
      body = await response.text();
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      throw new ProviderUnavailable(`Swipelux did not answer ${what}${isTimeout(error) ? ` within ${timeoutMs} ms` : ""}`, { cause: error });
    }
    if (response.status >= 300 && response.status < 400)
      throw new SwipeluxRefused(response.status, `Swipelux redirected ${what} (HTTP ${response.status}): check its address`);
    if (!response.ok) {
      const code = errorCode(body);
      const hint = response.status === 401 || response.status === 403 ? ": check SWIPELUX_API_KEY" : "";
      throw new SwipeluxRefused(response.status, `Swipelux refused ${what} (HTTP ${response.status}${code ? ` ${code}` : ""})${hint}`);
    }
    try {
      return parseExactJson(body);
    } catch {
      throw new ProviderUnavailable(`Swipelux answered ${what} with a body that is not JSON`);
    }
  }

  const replayWindow = { maxAgeSeconds: options.webhookMaxAgeSeconds };
  let keys: JSONWebKeySet | null = null;
  let keysFetchedAt = Number.NEGATIVE_INFINITY;
  let keysLoading: Promise<JSONWebKeySet> | null = null;

  /** The published keys, fetched now (one fetch at a time, however many deliveries ask). */
  function loadKeys(): Promise<JSONWebKeySet> {
    keysLoading ??= (async () => {
      try {
        const answer = await call("the webhook keys", options.webhookKeysUrl, { method: "GET", headers: { Accept: "application/json" } });
        const list = (answer as { keys?: unknown } | null)?.keys;
        if (!Array.isArray(list) || !list.every((key) => typeof key === "object" && key !== null)) {
          throw new ProviderUnavailable("Swipelux answered the webhook keys with something that is not a JWKS");
        }
        // parseExactJson gave numbers as text; a JWK has none that matter (EC keys are all strings).
        keys = { keys: list as JSONWebKeySet["keys"] };
        keysFetchedAt = now().getTime();
        return keys;
      } finally {
        keysLoading = null;
      }
    })();
    return keysLoading;
  }

  return {
    name: "swipelux",

    async createOrder(request: CreateOrderRequest): Promise<CreatedOrder> {
      const asset = Object.hasOwn(assets, request.asset) ? assets[request.asset] : undefined;
      if (!asset) throw new Error(`Swipelux is not set up to sell ${request.asset}`);
      if (asset.decimals !== request.cryptoDecimals)
        throw new Error(`${request.asset} has ${request.cryptoDecimals} decimals, Swipelux's set-up says ${asset.decimals}`);
      if (request.fiatCents <= 0n) throw new RangeError("an order charges more than nothing");
      // Swipelux takes the amount as a JSON number: written from the exact decimal, never a float.
      // The crypto amount is Swipelux's to quote (amounts.to takes only the currency); language is
      // not part of the documented request, so the payment page picks it itself.
      const body =
        `{"amounts":{"from":{"amount":${unitsToDecimal(request.fiatCents, FIAT_DECIMALS)},"currency":${JSON.stringify(request.currency)}},` +
        `"to":{"currency":${JSON.stringify(asset.currency)}}},"user":{"email":${JSON.stringify(request.email)}},` +
        `"targetAddress":${JSON.stringify(asset.targetAddress)},"externalId":${JSON.stringify(request.externalId)}}`;
      const answer = await call("the new order", `${api}/api/orders/createPrepared`, {
        method: "POST",
        headers: { Authorization: options.apiKey, "Content-Type": "application/json", Accept: "application/json" },
        body,
      });
      return readCreated(answer);
    },

    async getOrder(providerOrderId: string): Promise<ProviderOrder> {
      if (!providerOrderId || providerOrderId.length > 200) throw new RangeError("not a Swipelux order id");
      const answer = await call("the order lookup", `${api}/api/public/orders/${encodeURIComponent(providerOrderId)}`, {
        method: "GET",
        headers: { Accept: "application/json" },
      });
      return readOrder(answer, providerOrderId, assetOf, now);
    },

    async verifyWebhook(body: unknown) {
      try {
        const current = keys && now().getTime() - keysFetchedAt < KEYS_MAX_AGE_MS ? keys : await loadKeys();
        await verifySignature(body, current, now, replayWindow);
      } catch (error) {
        const stale = now().getTime() - keysFetchedAt >= KEYS_REFRESH_MS;
        if (!(error instanceof WebhookRejected && error.reason === "unknownKey" && stale)) throw error;
        await verifySignature(body, await loadKeys(), now, replayWindow);
      }
      // Verified: read the signed payload's bytes again, this time keeping every amount's digits.
      const payload = (body as { payload: string }).payload;
      return readWebhook(parseExactJson(Buffer.from(payload, "base64url").toString("utf8")), assetOf, now);
    },
  };
}
