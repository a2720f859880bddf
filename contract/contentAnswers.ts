// The public content pages' first call (the blog's list, a post, the partners, a partner), answered
// in the page's HTML by the server as it draws the page, so a slow phone paints the text at once.
// The bodies are built exactly as the pages send them (contract/blogAddress.ts), so the app takes
// the answer instead of asking again. These answers are the same for everyone: no session.
import { blogFiltersFromSearch, blogListBodyOf } from "./blogAddress.ts";
import type { FirstCall } from "./firstAnswers.ts";
import { pathMatches, paths } from "./pages.ts";
import type { Locale } from "./vocabulary.ts";

export { PUBLIC_ANSWER_ROUTES } from "./blogVocabulary.ts";

const lastSegment = (pathname: string) => {
  try {
    return decodeURIComponent(pathname.replace(/\/+$/, "").split("/").pop() ?? "");
  } catch {
    return "";
  }
};

/** The first call of the content page at an address, or null for any other page. */
export function contentCallOf(pathname: string, search: string, language: Locale): FirstCall | null {
  if (pathMatches(paths.blog, pathname)) return { route: "blogList", body: blogListBodyOf(language, blogFiltersFromSearch(search)) };
  if (pathMatches(paths.blogPost, pathname)) return { route: "blogPost", body: { slug: lastSegment(pathname), language } };
  if (pathMatches(paths.partners, pathname)) return { route: "partnerList", body: { language } };
  if (pathMatches(paths.partner, pathname)) return { route: "partnerPage", body: { slug: lastSegment(pathname), language } };
  return null;
}
