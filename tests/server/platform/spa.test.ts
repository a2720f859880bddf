import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
let database: Database;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  dist = mkdtempSync(join(tmpdir(), "sarraf-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(join(dist, "favicon.svg"), "<svg/>");
  writeFileSync(join(dist, ".build-stamp"), "2026-01-01");
  t = createTestApp({ database, staticDir: dist });
});
afterAll(async () => {
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, accept = "text/html,application/xhtml+xml,*/*;q=0.8") => t.app.request(path, { headers: { Accept: accept } });

describe("the built SPA", () => {
  it("serves index.html at / and revalidates it every time", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expect(await res.text()).toBe(INDEX);
  });

  it.each(["/dashboard", "/exchange?curr=USD&symbol=BTC", "/partners/acme", "/login/", "/terms", "/privacy", "/risk-disclosure"])(
    "answers the client route %s with index.html (history fallback)",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    },
  );

  it.each(["/some/unknown/client/route", "/dashboards", "/partners/acme/extra", "/login/x"])(
    "answers the unknown address %s with status 404 and still the SPA, which renders its not-found page",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(await res.text()).toBe(INDEX);
    },
  );

  it("serves fingerprinted assets as immutable with their type", async () => {
    const res = await get("/assets/index-abc123.js", "*/*");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("console.log(1)");
  });

  it("serves other files without the immutable promise", async () => {
    const res = await get("/favicon.svg", "image/*");
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Cache-Control")).not.toContain("immutable");
  });

  it.each([
    ["a missing asset", "/assets/index-gone.js"],
    ["a missing file with an extension", "/humans.txt"],
    ["a dotfile", "/.build-stamp"],
    ["a path escaping the folder", "/..%2f..%2fetc%2fpasswd"],
    ["a malformed escape", "/%E0%A4%A"],
  ])("answers %s with a real 404, not index.html", async (_name, path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("<script");
  });

  it("does not fall back for requests that do not accept HTML", async () => {
    expect((await get("/dashboard", "application/json")).status).toBe(404);
  });

  it("answers 503 with an explanation when the SPA is not built, and logs it", async () => {
    const bare = createTestApp({ database, staticDir: join(dist, "missing") });
    const res = await bare.app.request("/dashboard", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build");
    expect(bare.logs.some((line) => line.msg === "spa.missing")).toBe(true);
  });
});
