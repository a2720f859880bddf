// The blog's and the partner pages' shapes (spec section 7, /blog/get-blog-withFilter): posts and
// partner pages are Markdown files in the repository (content/), loaded into the database at start.
import { z } from "zod";
import { formProblem, localeField } from "./fields.ts";
import { BLOG_CATEGORIES, BLOG_PAGE_SIZE, BLOG_PAGE_SIZE_MAX, BLOG_SEARCH_MAX, BLOG_TAG_MAX, CONTENT_SLUG } from "./blogVocabulary.ts";

export { BLOG_CATEGORIES, BLOG_PAGE_SIZE, BLOG_PAGE_SIZE_MAX, BLOG_SEARCH_MAX, BLOG_TAG_MAX, CONTENT_SLUG, type BlogCategory } from "./blogVocabulary.ts";

// Control characters never belong in a filter (they would only hide what a log line says).
const noControl = (value: string) => ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

const tagField = z
  .string({ error: formProblem })
  .trim()
  .min(1, { error: "field.invalid" })
  .max(BLOG_TAG_MAX, { error: "field.invalid" })
  .refine(noControl, { error: "field.controlCharacters" });

const searchField = z
  .string({ error: formProblem })
  .trim()
  .max(BLOG_SEARCH_MAX, { error: "field.invalid" })
  .refine(noControl, { error: "field.controlCharacters" });

const slugField = z
  .string({ error: formProblem })
  .trim()
  .min(1, { error: "field.required" })
  .max(120, { error: "field.invalid" })
  .regex(CONTENT_SLUG, { error: "field.invalid" });

const whole = (min: number, max: number) =>
  z.number({ error: "field.invalid" }).int({ error: "field.invalid" }).min(min, { error: "field.invalid" }).max(max, { error: "field.invalid" });

// /blog/get-blog-withFilter
export const blogListRequestSchema = z.strictObject({
  /** The posts' language; the request's Accept-Language when absent. */
  language: localeField.optional(),
  category: z.enum(BLOG_CATEGORIES, { error: "field.invalid" }).optional(),
  tag: tagField.optional(),
  /** Words looked for in the title, summary and text; `%` and `_` are plain characters. */
  q: searchField.optional(),
  page: whole(1, 1000).default(1),
  pageSize: whole(1, BLOG_PAGE_SIZE_MAX).default(BLOG_PAGE_SIZE),
});
export type BlogListBody = z.input<typeof blogListRequestSchema>;

const postSummaryShape = {
  slug: z.string(),
  language: z.enum(["en", "ar"]),
  title: z.string(),
  summary: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  tags: z.array(z.string()),
  /** YYYY-MM-DD, the day it was published. */
  date: z.string(),
  cover: z.object({ url: z.string(), alt: z.string() }),
  /** Minutes a reader takes, rounded up. */
  readingMinutes: z.number().int(),
};
export const blogPostSummarySchema = z.object(postSummaryShape);
export type BlogPostSummary = z.output<typeof blogPostSummarySchema>;

export const blogListSchema = z.object({
  items: z.array(blogPostSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Every category with published posts in the language, and how many (not narrowed by the filters). */
  categories: z.array(z.object({ category: z.enum(BLOG_CATEGORIES), count: z.number().int() })),
  /** Every tag of the language's published posts, most used first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type BlogList = z.output<typeof blogListSchema>;

// /blog/get-blog-by-slug
export const blogPostRequestSchema = z.strictObject({ slug: slugField, language: localeField.optional() });
export type BlogPostBody = z.input<typeof blogPostRequestSchema>;
export const blogPostSchema = z.object({
  ...postSummaryShape,
  /** The Markdown rendered on the server: no raw HTML from the file, links rel="noopener". */
  html: z.string(),
  /** The same post in the other languages, when it has been translated. */
  translations: z.array(z.object({ language: z.enum(["en", "ar"]), slug: z.string() })),
});
export type BlogPost = z.output<typeof blogPostSchema>;

// /partner/list and /partner/get-by-slug
export const partnerListRequestSchema = z.strictObject({ language: localeField.optional() });
const partnerSummaryShape = {
  slug: z.string(),
  language: z.enum(["en", "ar"]),
  name: z.string(),
  summary: z.string(),
  /** What the partner does with Sarraf, in a word or two (its category line). */
  kind: z.string(),
  website: z.string().nullable(),
  logo: z.object({ url: z.string(), alt: z.string() }),
};
export const partnerSummarySchema = z.object(partnerSummaryShape);
export type PartnerSummary = z.output<typeof partnerSummarySchema>;
export const partnerListSchema = z.object({ items: z.array(partnerSummarySchema) });
export type PartnerList = z.output<typeof partnerListSchema>;

export const partnerRequestSchema = z.strictObject({ slug: slugField, language: localeField.optional() });
export const partnerSchema = z.object({
  ...partnerSummaryShape,
  html: z.string(),
  translations: z.array(z.object({ language: z.enum(["en", "ar"]), slug: z.string() })),
});
export type Partner = z.output<typeof partnerSchema>;
