import { request } from "node:http";
import type { CustomFetch } from "openid-client";
import type { Site } from "./providers.ts";

/**
 * openid-client's back channel to the embedded stand-in: every request goes to the socket this
 * server answered on, whatever the URL's host, while Host and X-Forwarded-* keep naming the
 * public origin, so the stand-in describes itself with the addresses the browser uses. A
 * public address may not resolve from inside (containers, proxies); the socket always does.
 */
export function selfFetch(site: Site): CustomFetch | undefined {
  const self = site.self;
  if (!self) return undefined;
  const origin = new URL(site.origin);
  return (url, options) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const body = options.body === undefined || options.body === null ? undefined : String(options.body);
      const req = request(
        {
          host: self.host,
          port: self.port,
          method: options.method,
          path: target.pathname + target.search,
          signal: options.signal,
          headers: {
            ...options.headers,
            host: origin.host,
            "x-forwarded-host": origin.host,
            "x-forwarded-proto": origin.protocol.slice(0, -1),
            ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
            }
            const status = res.statusCode ?? 502;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
}
