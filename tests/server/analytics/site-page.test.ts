// What the server adds to the public pages (issue 28): the site's origin in the head's addresses,
// its settings for the SPA (chat keys, analytics, fees), each language at its own address, and a
// CSP that names a third party only while it is configured.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envWith } from "../../../server/env.ts";
import { siteFactsOf } from "../../../server/platform/http/page-html.ts";
import { SITE_FACT_DEFAULTS } from "../../../contract/siteFacts.ts";
import { PAGE_ORIGIN_PLACEHOLDER } from "../../../contract/pages.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { createTestApp } from "../helpers/test-app.ts";

const EN = "64f1c0ffee0123456789abcd/1h9enabc1";
const AR = "64f1c0ffee0123456789abce/1h9arabc2";

let database: Database;
let staticDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  // A build's page index with one page in each language, written as tools/build/pages.ts writes them.
  staticDir = mkdtempSync(join(tmpdir(), "sarraf-site-page-"));
  mkdirSync(join(staticDir, ".pages", "en"), { recursive: true });
  mkdirSync(join(staticDir, ".pages", "ar"), { recursive: true });
  const page = (lang: string) =>
    `<!doctype html><html lang="${lang}"><head><link rel="alternate" hreflang="ar" href="${PAGE_ORIGIN_PLACEHOLDER}/?lang=ar"><meta property="og:image" content="${PAGE_ORIGIN_PLACEHOLDER}/og-image.png"></head><body><div id="root">${lang}</div></body></html>`;
  writeFileSync(join(staticDir, ".pages", "en", "home.html"), page("en"));
  writeFileSync(join(staticDir, ".pages", "ar", "home.html"), page("ar"));
  writeFileSync(join(staticDir, "index.html"), page("en"));
  writeFileSync(join(staticDir, ".pages", "pages.json"), JSON.stringify([{ path: "/", prerendered: true, files: { en: "en/home.html", ar: "ar/home.html" } }]));
});
afterAll(async () => {
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (env: Record<string, string>, path: string, headers: Record<string, string> = {}) =>
  createTestApp({ database, env, staticDir }).app.request(path, { headers: { Accept: "text/html", ...headers } });

describe("the public pages as the server sends them", () => {
  it("put the site's origin (PUBLIC_URL, else the request's) in place of the build's placeholder", async () => {
    const configured = await (await get({ PUBLIC_URL: "https://sarraf.example" }, "/")).text();
    expect(configured).toContain('hreflang="ar" href="https://sarraf.example/?lang=ar"');
    expect(configured).toContain('content="https://sarraf.example/og-image.png"');
    expect(configured).not.toContain(PAGE_ORIGIN_PLACEHOLDER);
    expect(await (await get({}, "/")).text()).toContain('href="http://localhost/?lang=ar"');
  });

  it("serve each language at its own address (?lang=), above the cookie and Accept-Language", async () => {
    const ar = await get({}, "/?lang=ar", { "Accept-Language": "en", Cookie: "lang=en" });
    expect(ar.headers.get("Content-Language")).toBe("ar");
    expect(await ar.text()).toContain('<div id="root">ar</div>');
    const en = await get({}, "/?lang=en", { "Accept-Language": "ar" });
    expect(en.headers.get("Content-Language")).toBe("en");
    expect((await get({}, "/", { "Accept-Language": "ar" })).headers.get("Content-Language")).toBe("ar");
  });

  it("say nothing of the site's settings while they are the defaults, and send the chat keys and fees when set", async () => {
    expect(await (await get({}, "/")).text()).not.toContain("sarraf-site");
    const html = await (await get({ CHAT_TAWK_EN: EN, CHAT_TAWK_AR: AR, ONRAMP_FEE_BPS: "200" }, "/")).text();
    const content = /<meta name="sarraf-site" content="([^"]*)">/.exec(html)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(content!)).toEqual({ chat: { en: EN, ar: AR }, analytics: "first-party", facts: { ...SITE_FACT_DEFAULTS, cardFeeBps: 200 } });
  });

  it("go out compressed, the same bytes each time", async () => {
    const first = await get({}, "/", { "Accept-Encoding": "br" });
    expect(first.headers.get("Content-Encoding")).toBe("br");
    const body = Buffer.from(await first.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toContain('href="http://localhost/?lang=ar"');
  });

  it("state the settings' defaults as the facts the build prerenders", () => {
    expect(siteFactsOf(envWith({}))).toEqual(SITE_FACT_DEFAULTS);
  });
});

describe("the Content-Security-Policy", () => {
  const csp = async (env: Record<string, string>) => (await get(env, "/")).headers.get("Content-Security-Policy") ?? "";

  it("names no chat provider and no analytics provider by default", async () => {
    const policy = await csp({});
    expect(policy).not.toMatch(/tawk|googletagmanager|google-analytics/);
  });

  it("allows Tawk.to's origins only while a chat key is configured", async () => {
    for (const env of [{ CHAT_TAWK_EN: EN }, { CHAT_TAWK_AR: AR }] as Record<string, string>[]) {
      const policy = await csp(env);
      expect(policy).toMatch(/script-src 'self'[^;]* https:\/\/embed\.tawk\.to/);
      expect(policy).toMatch(/connect-src [^;]*wss:\/\/\*\.tawk\.to/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/\*\.tawk\.to/);
    }
  });

  it("allows Google Analytics only when page views go to Firebase", async () => {
    expect(await csp({ ANALYTICS_PROVIDER: "firebase" })).toMatch(/script-src 'self'[^;]* https:\/\/www\.googletagmanager\.com/);
  });

  it("refuses a malformed chat key at start-up", () => {
    expect(() => envWith({ CHAT_TAWK_EN: "not a key" })).toThrow(/CHAT_TAWK_EN: must be propertyId\/widgetId/);
  });
});
