// What the composition root uses of the blog: the service over the database, the loader it runs
// at start, the calls' handlers, the pictures' route, and sitemap.xml and robots.txt.
import { resolve } from "node:path";
import { mediaOf, type Media } from "./media.ts";

export { createBlog, likeLiteral, type Blog, type BlogFilters } from "./service.ts";
export { loadContent, type LoadReport } from "./load.ts";
export { readContent, parseContentFile, readFrontMatter, day as contentDay, line as contentLine, type ContentFile, type RefusedFile } from "./content.ts";
export { renderMarkdown } from "./markdown.ts";
export { blogHandlers, mediaRoutes } from "./routes.ts";
export { siteRoutes, sitemapXml, robotsTxt, PUBLIC_PAGES, PRIVATE_PREFIXES } from "./site.routes.ts";
export { MEDIA_PATH_PREFIX, mediaOf, type Media } from "./media.ts";

/** The content folder's pictures, read once when first asked for (the loader reads the same files at start). */
export function contentMedia(dir: string): () => Promise<Media> {
  let media: Promise<Media> | null = null;
  return () => (media ??= mediaOf(resolve(dir)));
}
