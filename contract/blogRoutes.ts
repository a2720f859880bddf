// The public site's content calls, a group of the contract's table (contract/routes.ts): the spec's
// /blog/get-blog-withFilter, one post by its address name, and the partner pages.
import { failure, validation } from "./failures.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";
import {
  blogListRequestSchema,
  blogListSchema,
  blogPostRequestSchema,
  blogPostSchema,
  partnerListRequestSchema,
  partnerListSchema,
  partnerRequestSchema,
  partnerSchema,
} from "./blog.ts";

const common = { methods: ["POST"], auth: "none", group: "Public", status: "live" } as const;

export const blogRoutes = {
  blogList: route({
    ...common,
    path: routePaths.blogList,
    summary:
      "Published posts in one language, newest first, a page at a time: by category, tag and search text (title, summary and text; % and _ match themselves), with every category and tag of the language and their counts.",
    request: blogListRequestSchema,
    response: blogListSchema,
    failures: [validation],
  }),
  blogPost: route({
    ...common,
    path: routePaths.blogPost,
    summary: "One published post by its address name and language: its text rendered from Markdown (no raw HTML), and its translations.",
    request: blogPostRequestSchema,
    response: blogPostSchema,
    failures: [validation, failure("postNotFound", "No published post in this language has this address name.")],
  }),
  partnerList: route({
    ...common,
    path: routePaths.partnerList,
    summary: "The partners, in one language, in their set order.",
    request: partnerListRequestSchema,
    response: partnerListSchema,
    failures: [validation],
  }),
  partnerPage: route({
    ...common,
    path: routePaths.partnerPage,
    summary: "One partner's page by its address name and language.",
    request: partnerRequestSchema,
    response: partnerSchema,
    failures: [validation, failure("partnerNotFound", "No published partner page in this language has this address name.")],
  }),
} as const;
