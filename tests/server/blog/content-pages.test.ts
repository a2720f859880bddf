// The content pages drawn by the server per address (server/platform/http/content-pages.ts), over a
// build written here: its pages, and an "app for Node" that draws what it is given.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer } from "../../../contract/firstAnswers.ts";
import { loadContent } from "../../../server/modules/blog/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { contentFolder } from "./content-fixture.ts";

const folder = contentFolder();
let database: Database;
let dist: string;
let t: TestApp;

const built = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}" data-served-locale="${lang}"><head><title>${title} | Sarraf</title></head><body><div id="root" data-rendered="server"><!--shell--><!--/shell--></div>\n  </body></html>`;

beforeAll(async () => {
  database = await openTestDatabase();
  folder.write({ slug: "first-post", date: "2026-11-02", category: "fees", title: "Fees </title><script>x</script>", body: "Fee text." });
  folder.write({ slug: "second-post", date: "2026-11-01", category: "security", body: "Security text." });
  folder.write({ slug: "first-post", language: "ar", date: "2026-11-02", category: "fees", title: "الرسوم", body: "نص." });
  folder.writePartner("acme-pay", "en", 1);
  await loadContent({ db: database.db, logger: createLogger("silent", () => {}), dir: folder.dir, now: () => new Date("2026-11-28T00:00:00Z") });

  dist = mkdtempSync(join(tmpdir(), "sarraf-content-pages-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>plain index</title>");
  const routes = [
    ["/blog", "blog"],
    ["/blog/:slug", "blog_slug"],
    ["/partners", "partners"],
    ["/partners/:partner", "partners_partner"],
  ] as const;
  const index: object[] = routes.map(([path, key]) => ({ path, prerendered: false, rendered: true, files: { en: `en/${key}.html`, ar: `ar/${key}.html` } }));
  index.push({ path: "*", prerendered: false, files: { en: "en/not-found.html", ar: "ar/not-found.html" } });
  for (const lang of ["en", "ar"]) {
    mkdirSync(join(dist, ".pages", lang), { recursive: true });
    for (const [, key] of routes) writeFileSync(join(dist, ".pages", lang, `${key}.html`), built(lang, "Blog"));
    writeFileSync(join(dist, ".pages", lang, "not-found.html"), `<!doctype html><html lang="${lang}"><body><div id="root"></div>not found</body></html>`);
  }
  writeFileSync(join(dist, ".pages", "pages.json"), JSON.stringify(index));
  // The app for Node: draws the address, the query and the answers it was given, and counts its renders.
  mkdirSync(join(dist, ".ssr"));
  writeFileSync(
    join(dist, ".ssr", "prerender.js"),
    `globalThis.contentRenders = 0;
export async function renderPage(path, locale, { signedInShell, answers, search }) {
  globalThis.contentRenders++;
  return "<main data-locale=\\"" + locale + "\\" data-search=\\"" + search + "\\">" + answers.map((a) => a.route + ":" + (a.envelope.data.title ?? a.envelope.data.items?.length)).join(",") + (signedInShell ? " shell" : "") + "</main>";
}
`,
  );
  t = createTestApp({ database, staticDir: dist, env: { CONTENT_DIR: folder.dir } });
});
afterAll(async () => {
  await database.close();
  rmSync(dist, { recursive: true, force: true });
  folder.cleanUp();
});

const page = (path: string, lang = "en") => t.app.request(path, { headers: { accept: "text/html", cookie: `lang=${lang}` } });
const answersIn = (html: string): FirstAnswer[] =>
  JSON.parse(new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`).exec(html)![1]!) as FirstAnswer[];
const renders = () => (globalThis as { contentRenders?: number }).contentRenders ?? 0;

describe("a content page's HTML", () => {
  it("is the post drawn in place, with its answer beside it and its own title", async () => {
    const response = await page("/blog/first-post");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("vary")).toContain("Accept-Language");
    const html = await response.text();
    expect(html).toContain(
      '<div id="root" data-rendered="server" data-prerendered="/blog/first-post" inert><main data-locale="en" data-search="">blogPost:Fees </title>',
    );
    expect(html).not.toContain("<!--shell-->");
    // The title is escaped: a post's title cannot end the element.
    expect(html).toContain("<title>Fees &#60;/title&#62;&#60;script&#62;x&#60;/script&#62; | Sarraf</title>");
    const [answer] = answersIn(html);
    expect(answer).toMatchObject({ route: "blogPost", body: '{"slug":"first-post","language":"en"}', envelope: { status: "success" } });
    expect(html).not.toMatch(/<script type="application\/json"[^>]*>[^<]*<\/title>/);
  });

  it("gives a post and a partner a head of their own: description, card, canonical address and the language versions it has", async () => {
    const html = await (await page("/blog/first-post", "ar")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>الرسوم | Sarraf</title>");
    expect(head).toContain('<meta name="description" content="What first-post is about.">');
    expect(head).toContain('<meta property="og:title" content="الرسوم">');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="article:published_time" content="2026-11-02">');
    expect(head).toContain('<meta property="article:section" content="fees">');
    const origin = "http://localhost";
    expect(head).toContain(`<link rel="canonical" href="${origin}/blog/first-post?lang=ar">`);
    expect(head).toContain(`<meta property="og:url" content="${origin}/blog/first-post?lang=ar">`);
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="${origin}/blog/first-post?lang=en">`);
    expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/blog/first-post">`);
    // Only once each, though the built page may already carry the route's.
    expect(head.match(/name="description"/g)).toHaveLength(1);

    // Not translated: the English post asked for in Arabic names its English address, and no Arabic one.
    const untranslated = await (await page("/blog/second-post", "ar")).text();
    expect(untranslated).toContain(`<link rel="canonical" href="${origin}/blog/second-post?lang=en">`);
    expect(untranslated).not.toContain('hreflang="ar"');

    const partner = await (await page("/partners/acme-pay", "ar")).text();
    expect(partner).toContain("<title>Partner acme-pay | Sarraf</title>");
    expect(partner).toContain('<meta name="description" content="What acme-pay does.">');
    expect(partner).toContain(`<link rel="canonical" href="${origin}/partners/acme-pay?lang=en">`);
    expect(partner).not.toContain('content="article"');
  });

  it("draws the blog's list for the filters in the address, in the page's language", async () => {
    const html = await (await page("/blog?category=security&page=1&utm_source=mail", "en")).text();
    const [answer] = answersIn(html);
    expect(answer!.body).toBe('{"language":"en","category":"security","page":1,"pageSize":6}');
    expect((answer!.envelope.data as { items: { slug: string }[] }).items.map((item) => item.slug)).toEqual(["second-post"]);
    expect(html).toContain('data-search="category=security&page=1&utm_source=mail"');
    const ar = answersIn(await (await page("/blog", "ar")).text());
    expect((ar[0]!.envelope.data as { items: { title: string }[] }).items.map((item) => item.title)).toEqual(["الرسوم"]);
  });

  it("answers 404 with the not-found page for a post or partner that does not exist, or an address name that cannot be one", async () => {
    for (const path of ["/blog/no-such-post", "/blog/Not%20A%20Slug", "/partners/nobody"]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("not found");
    }
  });

  it("sends the blog as built when the address holds a filter the server refuses (the app then says why)", async () => {
    const html = await (await page(`/blog?tag=${"t".repeat(60)}`)).text();
    expect(html).toContain("<!--shell--><!--/shell-->");
    expect(html).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
  });

  it("draws each address once and keeps it: the same address again is not drawn again", async () => {
    await page("/partners");
    const before = renders();
    const again = await (await page("/partners")).text();
    expect(renders()).toBe(before);
    expect(again).toContain("partnerList:1");
    await page("/partners/acme-pay");
    expect(renders()).toBe(before + 1);
  });
});
