// The blog's and partner pages' calls, and the content's pictures.
import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import { MEDIA_PATH_PREFIX, type Media } from "./media.ts";
import type { Blog } from "./service.ts";

export function blogHandlers({ blog }: { blog: Blog }) {
  return handlers({
    blogList: {
      success: "success.blogList",
      handle: (c, { language, ...filters }) => blog.list({ language: language ?? c.var.locale, ...filters }),
    },
    blogPost: {
      success: "success.blogPost",
      handle: async (c, { slug, language }) => {
        const post = await blog.post(slug, language ?? c.var.locale);
        if (!post) throw refuse("blogPost", "postNotFound");
        return post;
      },
    },
    partnerList: {
      success: "success.partnerList",
      handle: async (c, { language }) => ({ items: await blog.partners(language ?? c.var.locale) }),
    },
    partnerPage: {
      success: "success.partnerPage",
      handle: async (c, { slug, language }) => {
        const partner = await blog.partner(slug, language ?? c.var.locale);
        if (!partner) throw refuse("partnerPage", "partnerNotFound");
        return partner;
      },
    },
  });
}

/** GET /media/content/<name>.<hash>.<ext>: a cover or logo, kept by browsers for a year (its address changes with its bytes). */
export function mediaRoutes(media: () => Promise<Media>) {
  return new Hono<AppEnv>().get(`${MEDIA_PATH_PREFIX}:name`, async (c) => {
    const file = (await media()).byUrl(c.req.path);
    if (!file) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    const headers = {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: file.etag,
      // An SVG opened on its own runs no script and loads nothing (it is a picture, not a page).
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    };
    if (c.req.header("If-None-Match") === file.etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(await readFile(file.path)), 200, headers);
  });
}
