// The newsletter's issues: Markdown files with YAML front matter beside the blog's posts, one per
// issue and language (content/newsletter/<en|ar>/<slug>.md, read like the blog's files, rendered by
// its Markdown renderer). An issue is sent by `npm run ops:newsletter -- send <slug>`, never by the
// server. A file that fails its checks refuses its whole issue: nothing of it can be sent.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CONTENT_SLUG } from "../../../contract/blogVocabulary.ts";
import { locales, type Locale } from "../../../contract/vocabulary.ts";
import { contentDay, contentLine, readFrontMatter, renderMarkdown } from "../blog/index.ts";

export const ISSUES_FOLDER = "newsletter";
/** Every subscriber gets the issue in their language, or in this one when it has no file in theirs. */
export const FALLBACK_LOCALE: Locale = "en";

/** One language of an issue: the mail's subject, its Markdown (the plain text) and its HTML. */
export interface IssueEdition {
  locale: Locale;
  subject: string;
  date: string;
  markdown: string;
  html: string;
}

export interface Issue {
  slug: string;
  editions: Partial<Record<Locale, IssueEdition>>;
}

/** An issue that cannot be sent, with each file's problems (paths and problems only, never the text). */
export interface RefusedIssue {
  slug: string;
  problems: string[];
}

const issueMatter = z.strictObject({
  title: contentLine(160),
  date: contentDay,
  language: z.enum(locales, { error: "must be en or ar" }),
});

/** One file's text as an edition, or the problems that refuse it. */
export function parseIssueFile(language: Locale, source: string): IssueEdition | { problems: string[] } {
  const read = readFrontMatter(source, issueMatter, { language, fields: "title, date, language" });
  if ("problems" in read) return read;
  const { title, date } = read.matter;
  const markdown = read.body;
  return { locale: language, subject: title, date, markdown, html: renderMarkdown(markdown).html };
}

/** Every issue of `<dir>/newsletter`, by slug (sorted): those that can be sent, and those refused. */
export async function readIssues(dir: string): Promise<{ issues: Issue[]; refused: RefusedIssue[] }> {
  const editions = new Map<string, Issue>();
  const problems = new Map<string, string[]>();
  const refuse = (slug: string, problem: string) => problems.set(slug, [...(problems.get(slug) ?? []), problem]);
  for (const language of locales) {
    const folder = join(dir, ISSUES_FOLDER, language);
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".md")).sort();
    for (const name of names) {
      const slug = name.replace(/\.md$/, "");
      const file = `${ISSUES_FOLDER}/${language}/${name}`;
      if (!CONTENT_SLUG.test(slug)) {
        refuse(slug, `${file}: the file name must be lower-case words joined by hyphens, ending in .md`);
        continue;
      }
      const parsed = parseIssueFile(language, await readFile(join(folder, name), "utf8"));
      if ("problems" in parsed) for (const problem of parsed.problems) refuse(slug, `${file}: ${problem}`);
      else editions.set(slug, { slug, editions: { ...editions.get(slug)?.editions, [language]: parsed } });
    }
  }
  for (const [slug, issue] of editions)
    if (!issue.editions[FALLBACK_LOCALE] && !problems.has(slug))
      refuse(slug, `${ISSUES_FOLDER}/${FALLBACK_LOCALE}/${slug}.md is missing: every issue needs it, for subscribers whose language it lacks`);
  const slugs = [...new Set([...editions.keys(), ...problems.keys()])].sort();
  return {
    issues: slugs.filter((slug) => !problems.has(slug)).map((slug) => editions.get(slug)!),
    refused: slugs.filter((slug) => problems.has(slug)).map((slug) => ({ slug, problems: problems.get(slug)! })),
  };
}

/** The edition a subscriber of `locale` gets. */
export const editionFor = (issue: Issue, locale: Locale): IssueEdition => issue.editions[locale] ?? issue.editions[FALLBACK_LOCALE]!;
