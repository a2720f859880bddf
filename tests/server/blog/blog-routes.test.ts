import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogList, BlogPost } from "../../../contract/blog.ts";
import { loadContent, mediaOf } from "../../../server/modules/blog/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { bodyOf } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";
import { contentFolder } from "./content-fixture.ts";

const folder = contentFolder();
let database: Database;
let t: TestApp;
appOverTestDatabase((suite) => ({ database, t } = suite), { env: { CONTENT_DIR: folder.dir, PUBLIC_URL: "https://sarraf.example" } });

// Nine English posts (two pages of six), newest first by their dates; three Arabic ones.
beforeAll(async () => {
  const en = [
    { slug: "fees-guide", date: "2026-11-09", category: "fees", tags: ["fees", "beginners"], body: "Our fee is 0.1% and never 100%." },
    { slug: "spread-notes", date: "2026-11-08", category: "fees", tags: ["fees"], body: "The spread is fifty-fifty on each side." },
    { slug: "stable-dollars", date: "2026-11-07", category: "stablecoins", tags: ["USDT"], body: "Tokens named 50_50 and 100 percent." },
    { slug: "safe-first-buy", date: "2026-11-06", category: "security", tags: ["beginners"], body: "A back\\slash and a plain word." },
    { slug: "phishing", date: "2026-11-05", category: "security", tags: ["scams"], body: "Links that look right." },
    { slug: "wallets", date: "2026-11-04", category: "security", tags: ["wallets"], body: "Keys, not coins." },
    { slug: "gulf", date: "2026-11-03", category: "regional", tags: ["AED"], body: "Dirhams and riyals." },
    { slug: "launch", date: "2026-11-02", category: "news", tags: ["product"], body: "Sell and convert." },
    { slug: "same-day-b", date: "2026-11-01", category: "guides", tags: [], body: "Second by title." },
    { slug: "same-day-a", date: "2026-11-01", category: "guides", title: "A first by title", tags: [], body: "First by title." },
  ];
  for (const post of en) folder.write(post);
  folder.write({ slug: "fees-guide", language: "ar", date: "2026-11-09", category: "fees", title: "دليل الرسوم", tags: ["الرسوم"], body: "الرسوم 0.1% فقط." });
  folder.write({ slug: "gulf", language: "ar", date: "2026-11-03", category: "regional", title: "الخليج", tags: ["الدرهم"], body: "الدرهم والريال." });
  folder.write({ slug: "ar-only", language: "ar", date: "2026-11-01", category: "news", title: "بالعربية فقط", tags: [], body: "نص عربي." });
  folder.write({
    slug: "unsafe",
    date: "2026-10-01",
    category: "news",
    body: "<script>alert(1)</script> <img src=x onerror=alert(2)> [go](javascript:alert(3))",
  });
  for (const [slug, order] of [
    ["card-payments", 1],
    ["academy", 2],
    ["wallet-maker", 3],
  ] as const) {
    folder.writePartner(slug, "en", order);
    folder.writePartner(slug, "ar", order);
  }
  const logger = createLogger("silent", () => {});
  await loadContent({ db: database.db, logger, dir: folder.dir, now: () => new Date("2026-11-28T12:00:00Z") });
});
afterAll(() => folder.cleanUp());

const list = async (body: Record<string, unknown>, lang?: string) => {
  const res = await t.post("/blog/get-blog-withFilter", { body, lang });
  return { status: res.status, body: (await bodyOf(res)) as { status: string; message: string; data: BlogList } };
};
const slugsOf = (data: { items: { slug: string }[] }) => data.items.map((item) => item.slug);

describe("POST /blog/get-blog-withFilter", () => {
  it("answers the language's posts newest first (then by title), six a page, with every category and tag", async () => {
    const first = await list({ language: "en" });
    expect(first.status).toBe(200);
    expect(slugsOf(first.body.data)).toEqual(["fees-guide", "spread-notes", "stable-dollars", "safe-first-buy", "phishing", "wallets"]);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 6, total: 11, totalPages: 2 });
    expect(first.body.data.categories).toEqual([
      { category: "fees", count: 2 },
      { category: "guides", count: 2 },
      { category: "news", count: 2 },
      { category: "regional", count: 1 },
      { category: "security", count: 3 },
      { category: "stablecoins", count: 1 },
    ]);
    expect(first.body.data.tags.slice(0, 2)).toEqual([
      { tag: "beginners", count: 2 },
      { tag: "fees", count: 2 },
    ]);
    const second = await list({ language: "en", page: 2 });
    expect(slugsOf(second.body.data)).toEqual(["gulf", "launch", "same-day-a", "same-day-b", "unsafe"]);
    expect(second.body.data.items[0]).toEqual({
      slug: "gulf",
      language: "en",
      title: "Post gulf",
      summary: "What gulf is about.",
      category: "regional",
      tags: ["AED"],
      date: "2026-11-03",
      // A small SVG goes inline: the page paints it with its text.
      cover: { url: expect.stringMatching(/^data:image\/svg\+xml,%3Csvg/), alt: "A test cover" },
      readingMinutes: 1,
    });
    // Past the last page: no posts, the same totals.
    expect((await list({ language: "en", page: 3 })).body.data).toMatchObject({ items: [], total: 11, totalPages: 2 });
  });

  it("takes the language from Accept-Language when the body names none", async () => {
    const { body } = await list({}, "ar");
    expect(slugsOf(body.data)).toEqual(["fees-guide", "gulf", "ar-only"]);
    expect(body.message).toBe("مقالات المدونة.");
  });

  it("filters by category, by tag and by both", async () => {
    expect(slugsOf((await list({ language: "en", category: "security" })).body.data)).toEqual(["safe-first-buy", "phishing", "wallets"]);
    expect(slugsOf((await list({ language: "en", tag: "beginners" })).body.data)).toEqual(["fees-guide", "safe-first-buy"]);
    expect(slugsOf((await list({ language: "en", category: "fees", tag: "beginners" })).body.data)).toEqual(["fees-guide"]);
    expect(slugsOf((await list({ language: "ar", tag: "الدرهم" })).body.data)).toEqual(["gulf"]);
    const none = (await list({ language: "en", category: "stablecoins", tag: "scams" })).body.data;
    expect(none).toMatchObject({ items: [], total: 0, totalPages: 1 });
    // The chips still list every category of the language.
    expect(none.categories).toHaveLength(6);
  });

  it("searches titles, summaries and text, case-insensitively", async () => {
    expect(slugsOf((await list({ language: "en", q: "DIRHAMS" })).body.data)).toEqual(["gulf"]);
    expect(slugsOf((await list({ language: "en", q: "a first by" })).body.data)).toEqual(["same-day-a"]);
    expect(slugsOf((await list({ language: "ar", q: "الريال" })).body.data)).toEqual(["gulf"]);
    expect(slugsOf((await list({ language: "en", q: "  keys  " })).body.data)).toEqual(["wallets"]);
  });

  it("treats %, _ and \\ in the search text as themselves, never as wildcards", async () => {
    expect(slugsOf((await list({ language: "en", q: "100%" })).body.data)).toEqual(["fees-guide"]);
    expect(slugsOf((await list({ language: "en", q: "%" })).body.data)).toEqual(["fees-guide"]);
    expect(slugsOf((await list({ language: "en", q: "50_50" })).body.data)).toEqual(["stable-dollars"]);
    // "_" alone would match any one character as a wildcard: as itself only one post has it.
    expect(slugsOf((await list({ language: "en", q: "_" })).body.data)).toEqual(["stable-dollars"]);
    expect(slugsOf((await list({ language: "en", q: "fifty_fifty" })).body.data)).toEqual([]);
    expect(slugsOf((await list({ language: "en", q: "back\\slash" })).body.data)).toEqual(["safe-first-buy"]);
    expect(slugsOf((await list({ language: "en", q: "\\" })).body.data)).toEqual(["safe-first-buy"]);
  });

  it.each([
    ["an unknown category", { category: "gossip" }, "category", "field.invalid"],
    ["a page below 1", { page: 0 }, "page", "field.invalid"],
    ["a page that is not whole", { page: 1.5 }, "page", "field.invalid"],
    ["a page given as text", { page: "2" }, "page", "field.invalid"],
    ["too many posts a page", { pageSize: 25 }, "pageSize", "field.invalid"],
    ["a search over 100 characters", { q: "x".repeat(101) }, "q", "field.invalid"],
    ["a search with a control character", { q: "fees\u0000" }, "q", "field.controlCharacters"],
    ["an empty tag", { tag: "  " }, "tag", "field.invalid"],
    ["a tag over 40 characters", { tag: "t".repeat(41) }, "tag", "field.invalid"],
    ["a tag that is not text", { tag: 7 }, "tag", "field.notText"],
    ["an unknown language", { language: "fr" }, "language", "locale.invalid"],
    ["a field the call does not take", { sort: "oldest" }, "sort", "field.unknown"],
  ])("refuses %s with a translated 400 naming the field", async (_, body, field, key) => {
    const en = await list({ language: "en", ...body });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ status: "error", message: "Some fields are not valid.", data: { reason: "validation", fieldKeys: { [field]: key } } });
    const ar = await list({ language: "en", ...body }, "ar");
    expect(ar.body.message).not.toBe(en.body.message);
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe("POST /blog/get-blog-by-slug", () => {
  const post = async (body: unknown, lang?: string) => {
    const res = await t.post("/blog/get-blog-by-slug", { body, lang });
    return { status: res.status, body: (await bodyOf(res)) as { status: string; message: string; data: BlogPost } };
  };

  it("answers the post in the language asked for, with its text rendered and its translations", async () => {
    const { status, body } = await post({ slug: "fees-guide", language: "ar" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ slug: "fees-guide", language: "ar", title: "دليل الرسوم", html: "<p>الرسوم 0.1% فقط.</p>\n" });
    expect(body.data.translations).toEqual([{ language: "en", slug: "fees-guide" }]);
  });

  it("answers a post not translated yet in the language it has", async () => {
    expect((await post({ slug: "ar-only", language: "en" })).body.data).toMatchObject({ language: "ar", title: "بالعربية فقط", translations: [] });
  });

  it("renders a post's HTML tags as text and drops script addresses", async () => {
    const { html } = (await post({ slug: "unsafe", language: "en" })).body.data as { html: string };
    expect(html).not.toMatch(/<script|<img|onerror="|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("answers 404 postNotFound, translated, for an unknown or unpublished post", async () => {
    const en = await post({ slug: "no-such-post", language: "en" });
    expect(en).toEqual({
      status: 404,
      body: { status: "error", message: "We could not find this post. It may have moved or been taken down.", data: { reason: "postNotFound" } },
    });
    expect((await post({ slug: "no-such-post" }, "ar")).body.message).toBe("لم نجد هذا المقال. ربما نُقل أو حُذف.");
  });

  it.each([
    ["no slug", {}, "field.required"],
    ["a slug with capitals", { slug: "Fees-Guide" }, "field.invalid"],
    ["a slug with a path", { slug: "../etc/passwd" }, "field.invalid"],
    ["a slug with a wildcard", { slug: "fees%" }, "field.invalid"],
  ])("refuses %s with 400", async (_, body, key) => {
    expect((await post(body)).body).toMatchObject({ status: "error", data: { reason: "validation", fieldKeys: { slug: key } } });
  });
});

describe("the partner pages' calls", () => {
  it("lists the partners in their order, in the language asked for", async () => {
    const res = await t.post("/partner/list", { body: { language: "ar" } });
    const { data } = (await bodyOf(res)) as unknown as { data: { items: { slug: string; language: string; website: string }[] } };
    expect(data.items.map((item) => item.slug)).toEqual(["card-payments", "academy", "wallet-maker"]);
    expect(data.items[0]).toMatchObject({ language: "ar", website: "https://card-payments.example", kind: "Payments" });
  });

  it("answers one partner, and 404 partnerNotFound for an unknown one", async () => {
    const found = await t.post("/partner/get-by-slug", { body: { slug: "academy", language: "en" } });
    expect(((await bodyOf(found)) as unknown as { data: { name: string; html: string } }).data).toMatchObject({
      name: "Partner academy",
      html: "<p>About academy.</p>\n",
    });
    const missing = await t.post("/partner/get-by-slug", { body: { slug: "nobody", language: "en" } });
    expect(missing.status).toBe(404);
    expect(await bodyOf(missing)).toEqual({ status: "error", message: "We could not find this partner.", data: { reason: "partnerNotFound" } });
  });
});

describe("sitemap.xml, robots.txt and the content's pictures", () => {
  it("lists the public pages and every published post and partner in each of its languages, with hreflang alternates", async () => {
    const res = await t.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    for (const path of ["/", "/blog", "/partners", "/contact", "/terms", "/privacy", "/risk-disclosure", "/blog/fees-guide", "/partners/academy"])
      for (const language of ["en", "ar"]) expect(xml).toContain(`<loc>https://sarraf.example${path}?lang=${language}</loc>`);
    // A translated post names both versions and the default; a post in one language only itself.
    const fees = xml.split("<url>").find((entry) => entry.includes("<loc>https://sarraf.example/blog/fees-guide?lang=en</loc>"))!;
    expect(fees).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://sarraf.example/blog/fees-guide?lang=ar"/>');
    expect(fees).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://sarraf.example/blog/fees-guide"/>');
    expect(fees).toContain("<lastmod>2026-11-09</lastmod>");
    expect(xml).toContain("<loc>https://sarraf.example/blog/ar-only?lang=ar</loc>");
    expect(xml).not.toContain("/blog/ar-only?lang=en");
    // Nothing signed-in, and no unpublished post.
    expect(xml).not.toMatch(/\/dashboard|\/api\/|\/blog\/no-such-post/);
  });

  it("robots.txt allows the public pages, keeps crawlers out of signed-in areas and the API, and names the sitemap", async () => {
    const text = await (await t.app.request("/robots.txt")).text();
    const lines = text.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/api/", "/dashboard", "/market", "/exchange", "/portfolio", "/profile", "/withdrawals", "/kyc"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.some((line) => /^Disallow: \/(blog|partners|contact)?$/.test(line))).toBe(false);
    expect(lines).toContain("Sitemap: https://sarraf.example/sitemap.xml");
  });

  it("serves a cover at its hashed address for a year, and 404 for any other address", async () => {
    const url = (await mediaOf(folder.dir)).urlOf("cover.svg")!;
    expect(url).toMatch(/^\/media\/content\/cover\.[0-9a-f]{12}\.svg$/);
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toContain("<svg");
    expect((await t.app.request(url, { headers: { "If-None-Match": res.headers.get("ETag")! } })).status).toBe(304);
    expect((await t.app.request(url.replace(/\.[0-9a-f]{12}\./, ".000000000000."))).status).toBe(404);
    expect((await t.app.request("/media/content/..%2F..%2Fpackage.json")).status).toBe(404);
  });
});
