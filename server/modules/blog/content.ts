// The content files (CONTENT_DIR, described in content/README.md): Markdown with YAML front matter,
// one file per post or partner page and language, read and checked with zod. A file that fails is
// refused alone, with a log line naming it and each problem; the others load.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_TAG_MAX, CONTENT_SLUG } from "../../../contract/blogVocabulary.ts";
import { locales, type Locale } from "../../../contract/vocabulary.ts";
import { readingMinutes, renderMarkdown } from "./markdown.ts";
import { mediaOf, type Media } from "./media.ts";

export type ContentKind = "post" | "partner";

/** One file, checked and rendered: what the loader writes as a row. */
export interface ContentFile {
  kind: ContentKind;
  slug: string;
  language: Locale;
  translationKey: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  publishedOn: string;
  coverUrl: string;
  coverAlt: string;
  website: string | null;
  position: number;
  html: string;
  plainText: string;
  readingMinutes: number;
  sourceHash: string;
  published: boolean;
}

/** A file that was not loaded, and why (paths and problems only: never the file's text). */
export interface RefusedFile {
  file: string;
  problems: string[];
}

export const day = z
  .string({ error: "must be a date, YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date, YYYY-MM-DD" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: "is not a day of the calendar",
  });
export const line = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be at most ${max} characters` });
const picture = z.string({ error: "must be a file name" }).regex(/^[a-z0-9-]+\.(svg|webp)$/, { error: "must name an .svg or .webp file of content/media" });
const common = {
  language: z.enum(locales, { error: "must be en or ar" }),
  draft: z.boolean({ error: "must be true or false" }).default(false),
  date: day,
  summary: line(400),
};

const postMatter = z.strictObject({
  ...common,
  title: line(160),
  category: z.enum(BLOG_CATEGORIES, { error: `must be one of: ${BLOG_CATEGORIES.join(", ")}` }),
  tags: z.array(line(BLOG_TAG_MAX), { error: "must be a list" }).max(8, { error: "at most 8" }).default([]),
  cover: picture,
  coverAlt: line(200),
});

const partnerMatter = z.strictObject({
  ...common,
  name: line(120),
  kind: line(60),
  website: z.url({ protocol: /^https$/, error: "must be an https:// address" }).optional(),
  logo: picture,
  logoAlt: line(200),
  order: z.number({ error: "must be a whole number" }).int({ error: "must be a whole number" }).default(0),
});

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/**
 * A Markdown file's front matter checked by `schema` (its language must be the folder's) and the
 * text after it; or the problems that refuse the file, each saying what to fix. `fields` names the
 * fields a writer is to put between the --- lines.
 */
export function readFrontMatter<T extends z.ZodType<{ language: Locale }>>(
  source: string,
  schema: T,
  { language, fields }: { language: Locale; fields?: string },
): { matter: z.output<T>; body: string } | { problems: string[] } {
  const parts = FRONT_MATTER.exec(source);
  if (!parts)
    return { problems: [`no front matter: the file must start with a --- line, the YAML fields${fields ? ` (${fields})` : ""}, and another --- line`] };
  let raw: unknown;
  try {
    raw = parseYaml(parts[1]!);
  } catch (error) {
    return { problems: [`the front matter is not valid YAML (${error instanceof Error ? error.message.split("\n")[0] : "unreadable"})`] };
  }
  const checked = schema.safeParse(raw);
  if (!checked.success) return { problems: checked.error.issues.map((issue) => `${issue.path.join(".") || "front matter"}: ${issue.message}`) };
  const problems: string[] = [];
  if (checked.data.language !== language) problems.push(`language: says ${checked.data.language}, but the file is in the ${language} folder`);
  const body = parts[2]!.trim();
  if (body.length === 0) problems.push("the text after the front matter is empty");
  return problems.length > 0 ? { problems } : { matter: checked.data, body };
}

const FOLDERS: Record<ContentKind, string> = { post: "blog", partner: "partners" };

/** Reads one file's text into a row, or the problems that refuse it. */
export function parseContentFile(kind: ContentKind, language: Locale, fileName: string, source: string, media: Media): ContentFile | { problems: string[] } {
  const slug = fileName.replace(/\.md$/, "");
  if (!CONTENT_SLUG.test(slug)) return { problems: ["the file name must be lower-case words joined by hyphens, ending in .md"] };
  const read = readFrontMatter(source, kind === "post" ? postMatter : partnerMatter, { language });
  if ("problems" in read) return read;
  const { matter, body } = read;
  const problems: string[] = [];
  const pictureName = "cover" in matter ? matter.cover : matter.logo;
  const cover = media.srcOf(pictureName);
  if (!cover) problems.push(`${"cover" in matter ? "cover" : "logo"}: content/media/${pictureName} does not exist`);
  if (problems.length > 0 || !cover) return { problems };
  const rendered = renderMarkdown(body);
  const base = {
    kind,
    slug,
    language,
    // A post and its translations share their file name, so one address shows it in either language.
    translationKey: slug,
    summary: matter.summary,
    publishedOn: matter.date,
    coverUrl: cover,
    html: rendered.html,
    plainText: rendered.text,
    readingMinutes: readingMinutes(rendered.text),
    // The picture's address is in it: a changed picture rewrites the row too.
    sourceHash: createHash("sha256").update(source).update(cover).digest("hex"),
    published: !matter.draft,
  };
  return "cover" in matter
    ? { ...base, title: matter.title, category: matter.category, tags: matter.tags, coverAlt: matter.coverAlt, website: null, position: 0 }
    : { ...base, title: matter.name, category: matter.kind, tags: [], coverAlt: matter.logoAlt, website: matter.website ?? null, position: matter.order };
}

/**
 * Every file of the content folder: the rows to load and the files refused. `found` is false when
 * the folder itself is missing (then nothing already loaded is unpublished).
 */
export async function readContent(dir: string): Promise<{ found: boolean; files: ContentFile[]; refused: RefusedFile[] }> {
  const media = await mediaOf(dir);
  const files: ContentFile[] = [];
  const refused: RefusedFile[] = [];
  let found = false;
  for (const kind of ["post", "partner"] as const) {
    for (const language of locales) {
      const folder = join(dir, FOLDERS[kind], language);
      const names = await readdir(folder).catch(() => null);
      if (names === null) continue;
      found = true;
      for (const name of names.filter((entry) => entry.endsWith(".md")).sort()) {
        const file = join(FOLDERS[kind], language, name);
        const parsed = parseContentFile(kind, language, name, await readFile(join(folder, name), "utf8"), media);
        if ("problems" in parsed) refused.push({ file, problems: parsed.problems });
        else files.push(parsed);
      }
    }
  }
  return { found, files, refused };
}
