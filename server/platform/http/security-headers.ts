import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { requestOrigin } from "./node.ts";
import type { SiteConfig } from "./page-html.ts";

/**
 * CSP and friends for every response. style-src allows inline styles because react-hot-toast
 * injects <style> tags; scripts stay 'self' only. Later issues widen connect-src/frame-src
 * for the third parties they add.
 */
export const firebaseMessagingOrigins = [
  "https://fcmregistrations.googleapis.com",
  "https://firebaseinstallations.googleapis.com",
  "https://fcm.googleapis.com",
] as const;

/**
 * Tawk.to's live-chat widget (its documented CSP: the embed script, its styles, fonts and images,
 * the widget's frames and its sockets), allowed only while a chat key is configured (issue 28).
 */
export const tawkSources = {
  scriptSrc: ["https://embed.tawk.to", "https://*.tawk.to", "https://cdn.jsdelivr.net"],
  styleSrc: ["https://*.tawk.to", "https://fonts.googleapis.com", "https://cdn.jsdelivr.net"],
  fontSrc: ["https://*.tawk.to", "https://fonts.gstatic.com"],
  imgSrc: ["https://*.tawk.to", "https://cdn.jsdelivr.net", "https://tawk.link"],
  frameSrc: ["https://*.tawk.to"],
  connectSrc: ["https://*.tawk.to", "wss://*.tawk.to"],
} as const;

/** Firebase Analytics (gtag.js and its collectors), allowed only when page views go there. */
export const firebaseAnalyticsSources = {
  scriptSrc: ["https://www.googletagmanager.com"],
  imgSrc: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
  connectSrc: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://firebase.googleapis.com",
    "https://firebaseinstallations.googleapis.com",
  ],
} as const;

type Sources = Partial<Record<"scriptSrc" | "styleSrc" | "fontSrc" | "imgSrc" | "frameSrc" | "connectSrc", readonly string[]>>;

/** The third parties the site's settings turn on: none by default. */
function thirdParties(site: SiteConfig | undefined): Sources {
  const parts: Sources[] = [];
  if (site?.chat.en || site?.chat.ar) parts.push(tawkSources);
  if (site?.analytics === "firebase") parts.push(firebaseAnalyticsSources);
  const all: Record<string, string[]> = {};
  for (const part of parts) for (const [name, list] of Object.entries(part)) all[name] = [...new Set([...(all[name] ?? []), ...list])];
  return all;
}

/** HSTS only means something over HTTPS; sent over plain HTTP it is ignored and misleads a review. */
const HSTS = "max-age=31536000; includeSubDomains";

export function securityHeaders(frameAncestors: string, trustProxy = false, site?: SiteConfig) {
  const extra = thirdParties(site);
  const ancestors = frameAncestors.trim().split(/\s+/);
  // X-Frame-Options only for old browsers; it cannot express an allow-list, so omit it then.
  const xFrameOptions = ancestors.join(" ") === "'none'" ? "DENY" : ancestors.join(" ") === "'self'" ? "SAMEORIGIN" : false;
  const headers = secureHeaders({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
      styleSrc: ["'self'", "'unsafe-inline'", ...(extra.styleSrc ?? [])],
      // blob: for the preview of a photo chosen for upload (an object URL this page made).
      imgSrc: ["'self'", "data:", "blob:", ...(extra.imgSrc ?? [])],
      fontSrc: ["'self'", "data:", ...(extra.fontSrc ?? [])],
      // Firebase Cloud Messaging, for builds with a Firebase configuration (the page and the
      // messaging service worker, which is served under this policy too, talk to these).
      connectSrc: ["'self'", ...firebaseMessagingOrigins, ...(extra.connectSrc ?? [])],
      ...(extra.frameSrc ? { frameSrc: [...extra.frameSrc] } : {}),
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ancestors,
    },
    xFrameOptions,
    referrerPolicy: "strict-origin-when-cross-origin",
    // same-origin would sever window.opener and break the social sign-in popup's polling.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], usb: [], payment: ["self"] },
  });
  return createMiddleware(async (c, next) => {
    await headers(c, next);
    if (requestOrigin(c, trustProxy).startsWith("https:")) c.header("Strict-Transport-Security", HSTS);
  });
}

/**
 * The same headers as a list, for responses written outside Hono (the embedded OpenID provider
 * writes to the Node response itself): computed once by running the middleware.
 */
export async function securityHeaderList(frameAncestors: string, origin: string): Promise<[string, string][]> {
  const probe = new Hono().use(securityHeaders(frameAncestors)).get("/", (c) => c.body(null, 204));
  const response = await probe.request(new URL("/", origin));
  return [...response.headers];
}
