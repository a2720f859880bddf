// The blog's plain values, without zod: the blog page reads them before first paint (its chips,
// its address's filters) and the server and the content loader check against the same lists.

/** Every category a post may have; the blog page shows one chip per category that has posts. */
export const BLOG_CATEGORIES = ["guides", "security", "fees", "stablecoins", "regional", "news"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const isBlogCategory = (value: unknown): value is BlogCategory => typeof value === "string" && (BLOG_CATEGORIES as readonly string[]).includes(value);

/** Posts per page of the blog, and the most one call may ask for. */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_PAGE_SIZE_MAX = 24;
/** The longest search text and tag a filter takes. */
export const BLOG_SEARCH_MAX = 100;
export const BLOG_TAG_MAX = 40;

/** A post's or partner's address name: lower-case letters, digits and single hyphens. */
export const CONTENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The content routes whose answers a page's HTML may bring for anyone, signed in or not (contract/contentAnswers.ts). */
export const PUBLIC_ANSWER_ROUTES: readonly string[] = ["blogList", "blogPost", "partnerList", "partnerPage"];
