import { searchOfBlogFilters, type BlogAddressFilters } from "../../../../contract/blogAddress.ts";
import { paths } from "../../../shared/lib/paths.ts";

/** The blog page for these filters. */
export function blogHref(filters: Partial<BlogAddressFilters> = {}): string {
  const query = searchOfBlogFilters({ page: 1, ...filters });
  return query ? `${paths.blog}?${query}` : paths.blog;
}

export const postHref = (slug: string) => paths.blogPost.replace(":slug", encodeURIComponent(slug));
export const partnerHref = (slug: string) => paths.partner.replace(":partner", encodeURIComponent(slug));

// The list a post was opened from, so its "Back to the blog" link keeps the filters. Kept for the
// tab's life in memory only (a post opened directly goes back to the whole list).
let lastList: string = paths.blog;
export const rememberList = (href: string) => void (lastList = href);
export const listToReturnTo = () => lastList;
