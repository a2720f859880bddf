// Reading the published posts and partner pages: the blog's filtered pages, one post, the partners,
// and every published address for the sitemap.
import { and, arrayContains, asc, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { BlogCategory, BlogList, BlogPost, BlogPostSummary, Partner, PartnerSummary } from "../../../contract/blog.ts";
import type { Locale } from "../../../contract/vocabulary.ts";
import type { Db } from "../../platform/db/open.ts";
import { contentEntries, type ContentEntry } from "./schema.ts";

export interface BlogFilters {
  language: Locale;
  category?: BlogCategory | undefined;
  tag?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** `text` as a LIKE pattern that matches itself: %, _ and the escape character are plain. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const published = (kind: "post" | "partner", language: Locale) =>
  and(eq(contentEntries.kind, kind), eq(contentEntries.language, language), eq(contentEntries.published, true))!;

const summaryOf = (row: ContentEntry): BlogPostSummary => ({
  slug: row.slug,
  language: row.language as Locale,
  title: row.title,
  summary: row.summary,
  category: row.category as BlogCategory,
  tags: row.tags,
  date: row.publishedOn,
  cover: { url: row.coverUrl, alt: row.coverAlt },
  readingMinutes: row.readingMinutes,
});

const partnerOf = (row: ContentEntry): PartnerSummary => ({
  slug: row.slug,
  language: row.language as Locale,
  name: row.title,
  summary: row.summary,
  kind: row.category,
  website: row.website,
  logo: { url: row.coverUrl, alt: row.coverAlt },
});

export function createBlog(db: Db) {
  const translationsOf = async (row: ContentEntry) =>
    db
      .select({ language: contentEntries.language, slug: contentEntries.slug })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.kind, row.kind),
          eq(contentEntries.translationKey, row.translationKey),
          eq(contentEntries.published, true),
          ne(contentEntries.language, row.language),
        ),
      )
      .orderBy(asc(contentEntries.language)) as Promise<{ language: Locale; slug: string }[]>;

  // In the language asked for, else in another one: an address shows its page in either language
  // (its translations share the address), and a page not translated yet shows in the one it has.
  const one = async (kind: "post" | "partner", slug: string, language: Locale) =>
    (
      await db
        .select()
        .from(contentEntries)
        .where(and(eq(contentEntries.kind, kind), eq(contentEntries.slug, slug), eq(contentEntries.published, true)))
        .orderBy(sql`${contentEntries.language} = ${language} desc`, asc(contentEntries.language))
        .limit(1)
    )[0] ?? null;

  return {
    /** One page of the language's posts, newest first (then by title), with its categories and tags. */
    async list({ language, category, tag, q, page, pageSize }: BlogFilters): Promise<BlogList> {
      const where: SQL[] = [published("post", language)];
      if (category) where.push(eq(contentEntries.category, category));
      if (tag) where.push(arrayContains(contentEntries.tags, [tag]));
      if (q) {
        const pattern = `%${likeLiteral(q)}%`;
        where.push(
          or(
            sql`${contentEntries.title} ILIKE ${pattern} ESCAPE '\\'`,
            sql`${contentEntries.summary} ILIKE ${pattern} ESCAPE '\\'`,
            sql`${contentEntries.plainText} ILIKE ${pattern} ESCAPE '\\'`,
            sql`array_to_string(${contentEntries.tags}, ' ') ILIKE ${pattern} ESCAPE '\\'`,
          )!,
        );
      }
      const filter = and(...where);
      const [rows, [{ total } = { total: 0 }], categories, tags] = await Promise.all([
        db
          .select()
          .from(contentEntries)
          .where(filter)
          .orderBy(desc(contentEntries.publishedOn), asc(contentEntries.title))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(contentEntries).where(filter),
        db
          .select({ category: contentEntries.category, count: count() })
          .from(contentEntries)
          .where(published("post", language))
          .groupBy(contentEntries.category)
          .orderBy(asc(contentEntries.category)),
        db
          .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
          .from(sql`${contentEntries}, unnest(${contentEntries.tags}) as t(tag)`)
          .where(published("post", language))
          .groupBy(sql`t.tag`)
          .orderBy(sql`count(*) desc`, sql`t.tag`),
      ]);
      return {
        items: rows.map(summaryOf),
        page,
        pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        categories: categories.map((row) => ({ category: row.category as BlogCategory, count: row.count })),
        tags: tags.map((row) => ({ tag: row.tag, count: Number(row.count) })),
      };
    },

    async post(slug: string, language: Locale): Promise<BlogPost | null> {
      const row = await one("post", slug, language);
      return row ? { ...summaryOf(row), html: row.html, translations: await translationsOf(row) } : null;
    },

    async partners(language: Locale): Promise<PartnerSummary[]> {
      const rows = await db
        .select()
        .from(contentEntries)
        .where(published("partner", language))
        .orderBy(asc(contentEntries.position), asc(contentEntries.title));
      return rows.map(partnerOf);
    },

    async partner(slug: string, language: Locale): Promise<Partner | null> {
      const row = await one("partner", slug, language);
      return row ? { ...partnerOf(row), html: row.html, translations: await translationsOf(row) } : null;
    },

    /** Every published post and partner page: its kind, address name, language, translation key and last change. */
    async addresses() {
      return db
        .select({
          kind: contentEntries.kind,
          slug: contentEntries.slug,
          language: contentEntries.language,
          translationKey: contentEntries.translationKey,
          updatedOn: contentEntries.publishedOn,
        })
        .from(contentEntries)
        .where(eq(contentEntries.published, true))
        .orderBy(asc(contentEntries.kind), desc(contentEntries.publishedOn), asc(contentEntries.slug));
    },
  };
}

export type Blog = ReturnType<typeof createBlog>;
