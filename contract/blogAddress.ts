// The blog page's address and its call, one rule for the page and the server: the filters live in
// the query (?category=fees&tag=…&q=…&page=2), and the body of /blog/get-blog-withFilter is made
// from them exactly as the page sends it, so the server can answer the page's first call in its HTML.
import { BLOG_PAGE_SIZE, isBlogCategory, type BlogCategory } from "./blogVocabulary.ts";
import type { Locale } from "./vocabulary.ts";
import type { BlogListBody } from "./blog.ts";

export interface BlogAddressFilters {
  category?: BlogCategory;
  tag?: string;
  q?: string;
  page: number;
}

/**
 * The filters a query names. An unknown category or a page that is not a whole number is
 * ignored (an old or mistyped link still shows posts); a tag or search text is passed on as it is,
 * and the server judges it.
 */
export function blogFiltersFromSearch(search: string): BlogAddressFilters {
  const params = new URLSearchParams(search);
  const filters: BlogAddressFilters = { page: 1 };
  const category = params.get("category");
  if (isBlogCategory(category)) filters.category = category;
  const tag = params.get("tag");
  if (tag) filters.tag = tag;
  const q = params.get("q")?.trim();
  if (q) filters.q = q;
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1 && page <= 1000) filters.page = page;
  return filters;
}

/** The query for filters (without `?`), in a fixed order; empty for the unfiltered first page. */
export function searchOfBlogFilters(filters: BlogAddressFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.q) params.set("q", filters.q);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}

/** The body the blog page sends for filters in a language: only what is set, in a fixed order. */
export function blogListBodyOf(language: Locale, filters: BlogAddressFilters): BlogListBody {
  return {
    language,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    page: filters.page,
    pageSize: BLOG_PAGE_SIZE,
  };
}
