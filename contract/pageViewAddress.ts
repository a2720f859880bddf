// How an address is cleaned of anything secret before a page view leaves the browser, and again
// when the server stores it (one function serves both). Plain code without zod: the browser's
// page-view tracker starts with every page, and the schemas (contract/analytics.ts) load only
// with the API's.
export const PAGE_VIEW_LIMITS = {
  /** An address as recorded (path and kept query), a referrer, a title: longer is refused. */
  addressMax: 512,
  titleMax: 200,
  /** Query values kept only when short and plain. */
  valueMax: 40,
} as const;

/**
 * Query parameters that never carry anything personal, kept when their value is plain: the market's
 * pair, the blog's filters and page, a chart range, the language. Every other one (a reset token, a
 * sign-in code, an e-mail, a return address, search text) is dropped.
 */
export const KEPT_QUERY_PARAMS: ReadonlySet<string> = new Set(["symbol", "curr", "currency", "category", "tag", "page", "range", "lang"]);

const PLAIN_VALUE = /^[\w.-]{1,40}$/;
const EMAIL_LIKE = /@|%40/i;
// Ids and tokens, not words of an address: a UUID, a long hex run, a long run of letters and
// digits with no hyphen (base64), or one mixing upper case, lower case and digits. A slug such as
// how-to-buy-bitcoin-in-2025 is none of these.
const TOKEN_LIKE = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[0-9a-f]{16,}$/i,
  /^(?=.*\d)[A-Za-z0-9_~.+=]{16,}$/,
  /^(?=.*\d)(?=.*[A-Z])(?=.*[a-z])[\w~.+=-]{16,}$/,
];
const CODE_LIKE = /^\d{4,}$/;

/** One path segment as recorded: an e-mail, a token or a numeric code becomes a placeholder. */
function scrubSegment(segment: string): string {
  if (EMAIL_LIKE.test(segment)) return ":email";
  if (TOKEN_LIKE.some((pattern) => pattern.test(segment)) || CODE_LIKE.test(segment)) return ":redacted";
  return segment;
}

/**
 * An in-app address as a page view records it: the path with secret-looking segments replaced,
 * only the harmless query parameters (KEPT_QUERY_PARAMS, plain values), no fragment. Null for
 * something that is not a path of this site.
 */
export function scrubAddress(address: string): string | null {
  if (!address.startsWith("/") || address.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(address, "https://sarraf.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://sarraf.invalid") return null;
  const path = url.pathname
    .split("/")
    .map((segment) => scrubSegment(segment))
    .join("/");
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (KEPT_QUERY_PARAMS.has(key) && PLAIN_VALUE.test(value) && !EMAIL_LIKE.test(value)) kept.append(key, value);
  const query = kept.toString();
  return (query ? `${path}?${query}` : path).slice(0, PAGE_VIEW_LIMITS.addressMax);
}

/**
 * Where a visitor came from, as recorded: another site's origin only (its paths are its own and
 * may hold anything), or this site's address scrubbed like a page's. Null when there is none.
 */
export function scrubReferrer(referrer: string | null | undefined, ownOrigin: string | null): string | null {
  if (!referrer) return null;
  if (referrer.startsWith("/")) return scrubAddress(referrer);
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (ownOrigin && url.origin === ownOrigin) return scrubAddress(url.pathname + url.search);
  return url.origin.slice(0, PAGE_VIEW_LIMITS.addressMax);
}
