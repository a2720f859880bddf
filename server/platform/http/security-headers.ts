import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { requestOrigin } from "./node.ts";

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

/** HSTS only means something over HTTPS; sent over plain HTTP it is ignored and misleads a review. */
const HSTS = "max-age=31536000; includeSubDomains";

export function securityHeaders(frameAncestors: string, trustProxy = false) {
  const ancestors = frameAncestors.trim().split(/\s+/);
  // X-Frame-Options only for old browsers; it cannot express an allow-list, so omit it then.
  const xFrameOptions = ancestors.join(" ") === "'none'" ? "DENY" : ancestors.join(" ") === "'self'" ? "SAMEORIGIN" : false;
  const headers = secureHeaders({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for the preview of a photo chosen for upload (an object URL this page made).
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      // Firebase Cloud Messaging, for builds with a Firebase configuration (the page and the
      // messaging service worker, which is served under this policy too, talk to these).
      connectSrc: ["'self'", ...firebaseMessagingOrigins],
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
