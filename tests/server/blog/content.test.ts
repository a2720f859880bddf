import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent, readContent, renderMarkdown } from "../../../server/modules/blog/index.ts";
import { contentEntries } from "../../../server/modules/blog/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { contentFolder, postText } from "./content-fixture.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const capture = () => {
  const logs: Record<string, unknown>[] = [];
  return { logs, logger: createLogger("debug", (line) => logs.push(JSON.parse(line))) };
};
const now = () => new Date("2026-11-28T12:00:00Z");
const rowsOf = (slug: string) => database.db.select().from(contentEntries).where(eq(contentEntries.slug, slug));

describe("the repository's content", () => {
  it("loads every file with no refusal: at least six posts and three partners in each language", async () => {
    const { files, refused } = await readContent("content");
    expect(refused).toEqual([]);
    for (const language of ["en", "ar"]) {
      expect(files.filter((file) => file.kind === "post" && file.language === language).length).toBeGreaterThanOrEqual(6);
      expect(files.filter((file) => file.kind === "partner" && file.language === language).length).toBeGreaterThanOrEqual(3);
    }
    // Every post has its translation: the same address shows it in either language.
    const slugs = (language: string) =>
      files
        .filter((file) => file.kind === "post" && file.language === language)
        .map((file) => file.slug)
        .sort();
    expect(slugs("ar")).toEqual(slugs("en"));
    // Arabic posts are written in Arabic: most of their letters are Arabic.
    for (const file of files.filter((entry) => entry.language === "ar")) {
      const letters = file.plainText.replace(/[^\p{L}]/gu, "");
      const arabic = letters.replace(/[^\u0600-\u06FF]/g, "");
      expect(arabic.length / letters.length, file.slug).toBeGreaterThan(0.8);
    }
  });
});

describe("loading the content files", () => {
  const folder = contentFolder();
  afterAll(() => folder.cleanUp());

  it("writes new files, leaves unchanged ones, rewrites changed ones and unpublishes removed ones", async () => {
    folder.write({ slug: "load-one", date: "2026-11-01" });
    folder.write({ slug: "load-two", date: "2026-11-02" });
    const { logger } = capture();
    expect(await loadContent({ db: database.db, logger, dir: folder.dir, now })).toEqual({ written: 2, unchanged: 0, unpublished: 0, refused: 0 });
    // Twice: nothing changes.
    expect(await loadContent({ db: database.db, logger, dir: folder.dir, now })).toEqual({ written: 0, unchanged: 2, unpublished: 0, refused: 0 });

    folder.write({ slug: "load-one", date: "2026-11-01", title: "A new title" });
    folder.remove("load-two");
    expect(await loadContent({ db: database.db, logger, dir: folder.dir, now })).toEqual({ written: 1, unchanged: 0, unpublished: 1, refused: 0 });
    expect(await rowsOf("load-one")).toEqual([expect.objectContaining({ title: "A new title", published: true })]);
    expect(await rowsOf("load-two")).toEqual([expect.objectContaining({ published: false })]);

    // A file back again is published again; a draft is not published.
    folder.write({ slug: "load-two", date: "2026-11-02" });
    folder.write({ slug: "load-one", date: "2026-11-01", draft: true });
    await loadContent({ db: database.db, logger, dir: folder.dir, now });
    expect((await rowsOf("load-two"))[0]!.published).toBe(true);
    expect((await rowsOf("load-one"))[0]!.published).toBe(false);
  });

  it("refuses a bad file with a log line naming it and each problem, and loads the others", async () => {
    folder.write({ slug: "good-neighbour", date: "2026-11-03" });
    folder.write({ slug: "bad-category", date: "2026-11-04", category: "gossip" });
    folder.write({ slug: "bad-date", date: "2026-02-30" });
    folder.write({ slug: "no-front-matter", date: "2026-11-05", raw: "Just text, no front matter.\n" });
    folder.write({ slug: "bad-yaml", date: "2026-11-05", raw: "---\ntitle: [unclosed\n---\n\nText.\n" });
    // The Arabic folder holds a file that says it is English.
    folder.writeAt("blog/ar/says-english.md", postText({ slug: "says-english", date: "2026-11-06" }));
    const { logger, logs } = capture();
    const report = await loadContent({ db: database.db, logger, dir: folder.dir, now });
    expect(report.refused).toBe(5);
    const refused = logs.filter((line) => line.msg === "content.refused");
    const byFile = Object.fromEntries(refused.map((line) => [line.file, (line.problems as string[]).join("; ")]));
    expect(byFile["blog/en/bad-category.md"]).toMatch(/^category: must be one of: guides, security/);
    expect(byFile["blog/en/bad-date.md"]).toMatch(/^date: is not a day of the calendar/);
    expect(byFile["blog/en/no-front-matter.md"]).toMatch(/no front matter/);
    expect(byFile["blog/en/bad-yaml.md"]).toMatch(/not valid YAML/);
    expect(byFile["blog/ar/says-english.md"]).toMatch(/language: says en, but the file is in the ar folder/);
    expect(refused.every((line) => line.level === "error")).toBe(true);
    expect((await rowsOf("good-neighbour"))[0]!.published).toBe(true);
    expect(await rowsOf("bad-category")).toEqual([]);
  });

  it("keeps the last good version of a file that turns bad", async () => {
    folder.write({ slug: "turns-bad", date: "2026-11-07", title: "Good version" });
    const { logger } = capture();
    await loadContent({ db: database.db, logger, dir: folder.dir, now });
    folder.write({ slug: "turns-bad", date: "2026-11-07", category: "nonsense" });
    await loadContent({ db: database.db, logger, dir: folder.dir, now });
    expect(await rowsOf("turns-bad")).toEqual([expect.objectContaining({ title: "Good version", published: true })]);
  });

  it("loads nothing and unpublishes nothing when the folder is missing", async () => {
    const { logger, logs } = capture();
    expect(await loadContent({ db: database.db, logger, dir: `${folder.dir}/nowhere`, now })).toEqual({ written: 0, unchanged: 0, unpublished: 0, refused: 0 });
    expect(logs.some((line) => line.msg === "content.missing")).toBe(true);
    expect((await rowsOf("good-neighbour"))[0]!.published).toBe(true);
  });
});

describe("Markdown rendering", () => {
  it("passes no raw HTML, event handler or script address through, and marks links noopener", () => {
    const { html } = renderMarkdown(
      [
        "Hello <script>alert(1)</script> there.",
        "",
        '<img src="x" onerror="alert(2)">',
        "",
        '<a href="https://evil.example" onclick="steal()">raw link</a>',
        "",
        "[one](javascript:alert(3)) [two](JaVaScRiPt:alert(4)) [three](&#106;avascript:alert(5)) [four](vbscript:msgbox) [five](data:text/html;base64,PHNjcmlwdD4=)",
        "",
        "![pic](javascript:alert(6))",
        "",
        "[safe](https://sarraf.example/fees) and [inside](/blog/fees-explained)",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<a[^>]*onclick/i);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/src="\s*javascript:/i);
    // The tags show as text, so a reader sees what was written.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<a href="https://sarraf.example/fees" rel="noopener noreferrer" target="_blank">safe</a>');
    expect(html).toContain('<a href="/blog/fees-explained" rel="noopener">inside</a>');
    for (const link of html.match(/<a [^>]*>/g) ?? []) expect(link).toMatch(/rel="noopener/);
  });
});
