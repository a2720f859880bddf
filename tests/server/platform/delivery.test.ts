// How the server delivers the built app (issue 12): the best stored encoding of each file, each
// route's own HTML in the visitor's language, and compressed API answers above 1 KB.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { acceptedEncodings } from "../../../server/platform/http/encoding.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const JS = "console.log('the entry');".repeat(40);
const page = (lang: string, name: string) => `<!doctype html><html lang="${lang}"><title>${name}</title></html>`;
let database: Database;
let dist: string;
let t: TestApp;

function writeWithCopies(path: string, body: string) {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

beforeAll(async () => {
  database = await openTestDatabase();
  dist = mkdtempSync(join(tmpdir(), "sarraf-delivery-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, ".pages", "en"), { recursive: true });
  mkdirSync(join(dist, ".pages", "ar"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>plain index</title>");
  writeWithCopies(join(dist, "assets", "index-abc.js"), JS);
  writeFileSync(join(dist, "assets", "logo-abc.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const index = [
    { path: "/login", prerendered: true, files: { en: "en/login.html", ar: "ar/login.html" } },
    {
      path: "/dashboard",
      prerendered: false,
      files: { en: "en/dashboard.html", ar: "ar/dashboard.html" },
      shellFiles: { en: "en/dashboard.shell.html", ar: "ar/dashboard.shell.html" },
    },
    { path: "/partners/:partner", prerendered: false, files: { en: "en/partner.html", ar: "ar/partner.html" } },
    { path: "*", prerendered: false, files: { en: "en/not-found.html", ar: "ar/not-found.html" } },
  ];
  writeFileSync(join(dist, ".pages", "pages.json"), JSON.stringify(index));
  for (const lang of ["en", "ar"])
    for (const name of ["login", "dashboard", "dashboard.shell", "partner", "not-found"])
      writeWithCopies(join(dist, ".pages", lang, `${name}.html`), page(lang, name));
  t = createTestApp({ database, staticDir: dist });
});
afterAll(async () => {
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers: { accept: "text/html,*/*;q=0.8", ...headers } });

describe("Accept-Encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["gzip", ["gzip"]],
    ["br;q=0, gzip", ["gzip"]],
    ["gzip;q=1, br;q=0.5", ["gzip", "br"]],
    ["*", ["br", "gzip"]],
    ["*;q=0.1, br;q=0", ["gzip"]],
    ["identity", []],
    ["", []],
  ])("%j allows %j, best first", (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe("built files", () => {
  it("are sent in Brotli to a browser that accepts it, gzip to one that accepts only that, plain otherwise", async () => {
    const br = await get("/assets/index-abc.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(JS);

    const gz = await get("/assets/index-abc.js", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(JS);

    const plain = await get("/assets/index-abc.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(JS);
  });

  it("are sent as they are when they have no compressed copy or are not text", async () => {
    const png = await get("/assets/logo-abc.png", { "accept-encoding": "br, gzip" });
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("vary")).toBeNull();
    const index = await get("/index.html", { "accept-encoding": "br, gzip" });
    expect(index.headers.get("content-encoding")).toBeNull();
  });
});

describe("each route's HTML", () => {
  it("is the route's page in the language Accept-Language prefers, compressed, revalidated, varying by language", async () => {
    const res = await get("/login", { "accept-language": "ar-EG,ar;q=0.9,en;q=0.8", "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-language")).toBe("ar");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page("ar", "login"));
  });

  it("follows the stored choice (its cookie) over Accept-Language, and ignores a cookie naming no language of ours", async () => {
    expect(await (await get("/login", { "accept-language": "ar", cookie: "lang=en" })).text()).toBe(page("en", "login"));
    expect(await (await get("/login", { "accept-language": "en", cookie: "theme=dark; lang=ar" })).text()).toBe(page("ar", "login"));
    expect(await (await get("/login", { "accept-language": "ar", cookie: "lang=fr" })).text()).toBe(page("ar", "login"));
    expect(await (await get("/login", { cookie: "lang=%3Cscript%3E" })).text()).toBe(page("en", "login"));
  });

  it("of a signed-in page carries its layout's shell only for a browser that says it holds a sign-in", async () => {
    expect(await (await get("/dashboard")).text()).toBe(page("en", "dashboard"));
    expect(await (await get("/dashboard", { cookie: "signedIn=0" })).text()).toBe(page("en", "dashboard"));
    expect(await (await get("/dashboard", { cookie: "signedIn=1; lang=ar" })).text()).toBe(page("ar", "dashboard.shell"));
    // Pages without a shell ignore the hint.
    expect(await (await get("/login", { cookie: "signedIn=1" })).text()).toBe(page("en", "login"));
  });

  it("matches patterns with parameters, and gives any other address the not-found page with 404", async () => {
    expect(await (await get("/partners/acme")).text()).toBe(page("en", "partner"));
    const missing = await get("/no/such/page", { "accept-language": "ar" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(page("ar", "not-found"));
  });

  it("serves index.html for every route only when the build wrote no page index", async () => {
    // With an index, every address has a page (the not-found one at least); the plain index.html
    // serves only builds without one (the development server's, older builds).
    const bare = mkdtempSync(join(tmpdir(), "sarraf-bare-"));
    try {
      writeFileSync(join(bare, "index.html"), "<!doctype html><title>plain index</title>");
      const app = createTestApp({ database, staticDir: bare });
      expect(await (await app.app.request("/login", { headers: { accept: "text/html" } })).text()).toContain("plain index");
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe("API answers", () => {
  it("are compressed from 1 KB, in Brotli when accepted, and say they vary by encoding", async () => {
    const big = await t.app.request("/api/v1/openapi.json", { headers: { "accept-encoding": "br, gzip" } });
    expect(big.status).toBe(200);
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(big.headers.get("vary")).toContain("Accept-Encoding");
    expect(big.headers.get("cache-control")).toBe("no-store");
    const document = JSON.parse(brotliDecompressSync(Buffer.from(await big.arrayBuffer())).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\.1/);

    const gz = await t.app.request("/api/v1/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toHaveProperty("openapi");
  });

  it("are left as they are under 1 KB or when the client accepts no encoding", async () => {
    const small = await t.app.request("/api/v1/health", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "br" },
      body: "{}",
    });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toContain("Accept-Encoding");
    expect(await small.json()).toMatchObject({ status: "success" });
    const plain = await t.app.request("/api/v1/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.json()) as object).toHaveProperty("openapi");
  });
});
