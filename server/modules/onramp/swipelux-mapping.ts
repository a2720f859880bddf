// Swipelux's words read into the provider port's: its JSON read without losing a digit of any
// amount, its decimal amounts turned into minor units by the contract's exact decimal, its
// order statuses mapped onto ProviderStatus, and its order lookups and webhook claims into
// ProviderOrder. Pure functions: swipelux.ts does the talking.
import { decimal, decimalOf, movePoint, toMinor, toPlain } from "../../../contract/decimal.ts";
import { ProviderUnavailable, type ProviderOrder, type ProviderStatus } from "./provider.ts";

/**
 * Swipelux's order statuses (upper case; matched case-insensitively) onto the port's:
 *
 *   PENDING, CREATED          → pending     order made, the buyer has not paid yet
 *   PROCESSING                → processing  payment taken or being taken, crypto on its way
 *   SUCCESS, COMPLETED        → completed   crypto delivered to the target address
 *   FAILED, DECLINED          → failed      payment or transfer failed
 *   CANCELLED, CANCELED       → cancelled   cancelled by the buyer or by Swipelux
 *   EXPIRED                   → expired     never paid before the order's time ran out
 *   REFUNDED                  → refunded    the buyer got the card payment back (a credit made is reversed)
 *   CHARGEBACK, CHARGED_BACK, → chargedBack the card's bank took the payment back (a dispute the
 *   CHARGEDBACK                             buyer won): a credit made is reversed
 *
 * Swipelux documents PENDING, PROCESSING, SUCCESS, FAILED, CANCELLED and EXPIRED for the order
 * lookup and PROCESSING, SUCCESS, FAILED for webhooks; the others are the event names'
 * (order.created, order.completed, …) and common spellings. It never reports "paid" apart from
 * "processing". Any other status is refused as unreadable rather than guessed at: an order is
 * never settled or given up on a word Sarraf does not know.
 */
const STATUSES: Readonly<Record<string, ProviderStatus>> = {
  PENDING: "pending",
  CREATED: "pending",
  PROCESSING: "processing",
  SUCCESS: "completed",
  COMPLETED: "completed",
  FAILED: "failed",
  DECLINED: "failed",
  CANCELLED: "cancelled",
  CANCELED: "cancelled",
  EXPIRED: "expired",
  REFUNDED: "refunded",
  CHARGEBACK: "chargedBack",
  CHARGED_BACK: "chargedBack",
  CHARGEDBACK: "chargedBack",
};

/** An answer Sarraf cannot act on: as if Swipelux had not answered (the reason names no value from it). */
const unreadable = (what: string, reason: string) => new ProviderUnavailable(`Swipelux answered ${what} Sarraf cannot read: ${reason}`);

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * JSON.parse, except that every number comes back as its exact text (a string): Swipelux sends
 * amounts as JSON numbers, and 0.012345678901234567 ETH must not become a float on the way in.
 */
export function parseExactJson(text: string): unknown {
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i += text[i] === "\\" ? 2 : 1);
      i++;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const start = i;
      while (i < text.length && /[-+.eE0-9]/.test(text[i]!)) i++;
      const token = text.slice(start, i);
      if (!JSON_NUMBER.test(token)) throw new SyntaxError("not a JSON number");
      out += `${text.slice(copied, start)}"${token}"`;
      copied = i;
    } else i++;
  }
  return JSON.parse(out + text.slice(copied));
}

/** Minor units as the plain decimal an API takes: (12345n, 2) → "123.45", (10000n, 2) → "100", (5n, 8) → "0.00000005". */
export function unitsToDecimal(units: bigint, decimals: number): string {
  if (units < 0n) throw new RangeError("an amount cannot be negative");
  return toPlain(decimalOf(units, decimals), { trim: true });
}

// A JSON number's text (or a string Swipelux sent instead): digits, a fraction, a small exponent.
const JSON_AMOUNT = /^(\d{1,60})(\.\d{1,60})?(?:[eE]([+-]?\d{1,2}))?$/;

/**
 * A decimal amount (text, as parseExactJson gives it) in minor units, exactly: "0.00231457" BTC
 * with 8 decimals → 231457n. Refused (RangeError) when negative, not a number, or finer than the
 * asset's decimals — an amount is never rounded.
 */
export function decimalToUnits(text: string, decimals: number): bigint {
  const match = JSON_AMOUNT.exec(text);
  if (!match) throw new RangeError("not a non-negative decimal");
  const [, whole, fraction = "", exponent = "0"] = match;
  const units = toMinor(movePoint(decimal(`${whole!.replace(/^0+(?=\d)/, "")}${fraction}`), Number(exponent)), decimals);
  if (units === null) throw new RangeError("more decimals than the asset has");
  return units;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown, max = 200): string | null => (typeof value === "string" && value.length > 0 && value.length <= max ? value : null);

/** The port's status for Swipelux's, or null for a status Sarraf does not know. */
export function mapStatus(status: unknown): ProviderStatus | null {
  return typeof status === "string" ? (STATUSES[status.toUpperCase()] ?? null) : null;
}

/** Sarraf's asset for one of Swipelux's currency codes: its symbol and decimals (undefined when not set up). */
export type AssetOf = (currency: string) => { symbol: string; decimals: number } | undefined;

/**
 * What a completed order delivered: `to.amount` in the asset `to.currency` (a code, or `{ code }`).
 * A currency Sarraf has not set up is answered as the code with no amount (the order service holds
 * it for review: it never matches an order's asset), not refused — refusing would leave a delivery
 * unsettled and asked about forever.
 */
function delivered(to: unknown, assetOf: AssetOf, what: string): { asset: string; units: bigint | null } {
  if (!isObject(to)) throw unreadable(what, "a completed order without the amount delivered");
  const currency = text(isObject(to.currency) ? to.currency.code : to.currency, 32);
  if (currency === null) throw unreadable(what, "a completed order without the asset delivered");
  const asset = assetOf(currency);
  if (asset === undefined) return { asset: currency.toUpperCase(), units: null };
  try {
    return { asset: asset.symbol, units: decimalToUnits(String(to.amount), asset.decimals) };
  } catch {
    throw unreadable(what, "a completed order whose amount is not an exact amount of its asset");
  }
}

function statusOf(value: unknown, what: string): ProviderStatus {
  const status = mapStatus(value);
  if (status) return status;
  const shown = typeof value === "string" ? value.replace(/[^A-Za-z_]/g, "").slice(0, 32) : "";
  throw unreadable(what, shown ? `the status ${shown}` : "no status");
}

const date = (value: unknown): Date | null => {
  const parsed = typeof value === "string" && value.length <= 40 ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
};

/**
 * An order lookup (GET /api/public/orders/{orderId}):
 * `{ orderId?, externalId?, status, createdAt, completedAt?, from, to: { amount, currency: { code } }, … }`.
 */
export function readOrder(body: unknown, providerOrderId: string, assetOf: AssetOf, now: () => Date): ProviderOrder {
  const what = "an order lookup";
  if (!isObject(body)) throw unreadable(what, "not an object");
  if (body.orderId !== undefined && body.orderId !== providerOrderId) throw unreadable(what, "another order than the one asked for");
  const status = statusOf(body.status, what);
  const completed = status === "completed";
  const got = completed ? delivered(body.to, assetOf, what) : null;
  return {
    providerOrderId,
    externalId: text(body.externalId),
    status,
    deliveredUnits: got?.units ?? null,
    ...(got ? { deliveredAsset: got.asset } : {}),
    at: (completed ? date(body.completedAt) : null) ?? date(body.updatedAt) ?? date(body.createdAt) ?? now(),
  };
}

/** An event time: Swipelux's `eventTs` in milliseconds or seconds since the epoch (both are seen), else the JWT's `iat`. */
function eventTime(eventTs: unknown, iat: unknown): Date | null {
  const ts = Number(eventTs);
  if (eventTs !== undefined && eventTs !== null && Number.isFinite(ts) && ts > 0) return new Date(ts >= 1e12 ? ts : ts * 1000);
  const issued = Number(iat);
  return iat !== undefined && Number.isFinite(issued) && issued > 0 ? new Date(issued * 1000) : null;
}

/**
 * Verified webhook claims: `{ orderId, externalId?, status, eventType?, eventTs, order? }`, where
 * `order` (when Swipelux includes it) is shaped like an order lookup. The delivered amount is read
 * from `order.to` of a completed order; without it the event says null and the order service
 * learns the amount from getOrder.
 */
export function readWebhook(claims: unknown, assetOf: AssetOf, now: () => Date): ProviderOrder {
  const what = "a webhook";
  if (!isObject(claims)) throw unreadable(what, "not an object");
  const providerOrderId = text(claims.orderId);
  if (!providerOrderId) throw unreadable(what, "no order id");
  const status = statusOf(claims.status, what);
  const order = isObject(claims.order) ? claims.order : null;
  const got = status === "completed" && order?.to !== undefined ? delivered(order.to, assetOf, what) : null;
  return {
    providerOrderId,
    externalId: text(claims.externalId) ?? text(order?.externalId),
    status,
    deliveredUnits: got?.units ?? null,
    ...(got ? { deliveredAsset: got.asset } : {}),
    at: eventTime(claims.eventTs, claims.iat) ?? now(),
  };
}

/** The created order: `{ orderId, orderToken?, ascUrl }` (the docs spell the payment link's field ascUrl and acsUrl). */
export function readCreated(body: unknown): { providerOrderId: string; paymentUrl: string } {
  const what = "a new order";
  if (!isObject(body)) throw unreadable(what, "not an object");
  const providerOrderId = text(body.orderId) ?? text(body.id);
  if (!providerOrderId) throw unreadable(what, "no order id");
  const link = text(body.ascUrl, 4000) ?? text(body.acsUrl, 4000);
  let url: URL | null = null;
  try {
    url = link ? new URL(link) : null;
  } catch {
    url = null;
  }
  // The buyer's browser opens it: nothing but an https page.
  if (url?.protocol !== "https:") throw unreadable(what, "no https payment link");
  return { providerOrderId, paymentUrl: url.href };
}
