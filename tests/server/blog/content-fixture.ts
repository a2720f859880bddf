// A content folder written for a test: posts and partners whose dates, categories, tags and words
// the tests choose, and one picture.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface PostFile {
  slug: string;
  language?: "en" | "ar";
  title?: string;
  date: string;
  category?: string;
  tags?: string[];
  body?: string;
  draft?: boolean;
  /** Front matter written as it is, for files that must be refused. */
  raw?: string;
}

const COVER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 6"><rect width="12" height="6" fill="#123"/></svg>\n`;

export const postText = ({
  slug,
  language = "en",
  title = `Post ${slug}`,
  date,
  category = "guides",
  tags = [],
  body = `The text of ${slug}.`,
  draft,
  raw,
}: PostFile) =>
  raw ??
  `---\ntitle: ${JSON.stringify(title)}\ndate: ${date}\nsummary: What ${slug} is about.\ncategory: ${category}\ntags: ${JSON.stringify(tags)}\ncover: cover.svg\ncoverAlt: A test cover\nlanguage: ${language}\n${draft ? "draft: true\n" : ""}---\n\n${body}\n`;

export const partnerText = (slug: string, language: "en" | "ar", order: number) =>
  `---\nname: Partner ${slug}\nkind: Payments\nsummary: What ${slug} does.\nwebsite: https://${slug}.example\nlogo: cover.svg\nlogoAlt: Its logo\norder: ${order}\ndate: 2026-10-01\nlanguage: ${language}\n---\n\nAbout ${slug}.\n`;

/** A new content folder; `write` adds or replaces a post, `remove` deletes one. */
export function contentFolder() {
  const dir = mkdtempSync(join(tmpdir(), "sarraf-content-"));
  mkdirSync(join(dir, "media"));
  writeFileSync(join(dir, "media", "cover.svg"), COVER);
  for (const language of ["en", "ar"]) {
    mkdirSync(join(dir, "blog", language), { recursive: true });
    mkdirSync(join(dir, "partners", language), { recursive: true });
  }
  return {
    dir,
    write: (post: PostFile) => writeFileSync(join(dir, "blog", post.language ?? "en", `${post.slug}.md`), postText(post)),
    writePartner: (slug: string, language: "en" | "ar", order: number) =>
      writeFileSync(join(dir, "partners", language, `${slug}.md`), partnerText(slug, language, order)),
    writeAt: (path: string, text: string) => writeFileSync(join(dir, path), text),
    remove: (slug: string, language: "en" | "ar" = "en") => rmSync(join(dir, "blog", language, `${slug}.md`)),
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}
