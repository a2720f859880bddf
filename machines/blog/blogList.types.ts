// The blog page's list: the filters (kept in the page's address), one page of posts, what views send.
import type { BlogCategory, BlogList } from "../../contract/blog.ts";
import type { Locale } from "../../contract/vocabulary.ts";
import type { Failure } from "../failure.ts";

/** What the list is filtered by; an absent key is not filtered on. `page` counts from 1. */
export interface BlogFilters {
  language: Locale;
  category?: BlogCategory;
  tag?: string;
  q?: string;
  page: number;
}

export type BlogPage = BlogList;

export interface BlogListInput {
  filters: BlogFilters;
  /** The page the HTML brought for these filters (answered by the server with the page), if any. */
  initial?: BlogPage | null;
}

export interface BlogListContext {
  filters: BlogFilters;
  /** The page on screen; kept while the next one loads, so the list does not jump. */
  page: BlogPage | null;
  failure: Failure<"blog"> | null;
}

export type BlogListEvent =
  /** Other filters (a chip, a tag, a search, another page, another language): loads that page; an older answer is dropped. */
  | { type: "blog.filter"; filters: BlogFilters }
  /** Try again after a failure. */
  | { type: "blog.retry" };

/**
 * What views read: `loading` (a page is on its way; the last one may still show), `listed`
 * (posts on screen), `empty` (no post in this language at all), `noMatch` (posts exist, none
 * matches), `failed` (retry) and `refused` (the server refused a filter from the address).
 */
export type BlogListTag = "loading" | "listed" | "empty" | "noMatch" | "failed" | "refused";
