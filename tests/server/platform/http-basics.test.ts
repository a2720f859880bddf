import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { expectedKind, openTestDatabase } from "../helpers/test-db.ts";

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp({ database });
});
afterAll(() => database.close());

describe("health", () => {
  it.each(["GET", "POST"])("%s names the database in use, and nothing more (no version or uptime), in the success envelope", async (method) => {
    const res = await t.app.request("/api/v1/health", { method });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: "success",
      message: "The server is running.",
      data: { database: expectedKind },
    });
  });

  it("translates the success message too", async () => {
    const body = await (await t.post("/health", { lang: "ar" })).json();
    expect(body.message).toBe("الخادم يعمل.");
  });
});

describe("security headers", () => {
  it.each(["/api/v1/health", "/dashboard", "/api/v1/nope"])("are on every response (%s)", async (path) => {
    const res = await t.app.request(path, { headers: { Accept: "text/html" } });
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const directives = Object.fromEntries(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v.join(" ")]),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "frame-ancestors": "'none'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      // Beyond our own origin only Firebase Cloud Messaging, for push in builds configured for it.
      "connect-src": "'self' https://fcmregistrations.googleapis.com https://firebaseinstallations.googleapis.com https://fcm.googleapis.com",
    });
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("take frame-ancestors from CSP_FRAME_ANCESTORS and drop X-Frame-Options for an allow-list", async () => {
    const other = createTestApp({ database, env: { CSP_FRAME_ANCESTORS: "'self' https://partner.example" } });
    const res = await other.app.request("/api/v1/health");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self' https://partner.example");
    expect(res.headers.get("X-Frame-Options")).toBeNull();
  });
});

describe("request ids and logs", () => {
  it("give each request an id, echo it, and log one structured line per request", async () => {
    t.logs.length = 0;
    const res = await t.post("/health");
    const reqId = res.headers.get("X-Request-Id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: "info",
        msg: "request",
        reqId,
        method: "POST",
        path: "/api/v1/health",
        status: 200,
        ms: expect.any(Number),
      },
    ]);
  });

  it("keep an id the caller sent, so a trace can span services", async () => {
    const res = await t.app.request("/api/v1/health", { headers: { "X-Request-Id": "trace-123" } });
    expect(res.headers.get("X-Request-Id")).toBe("trace-123");
  });
});
