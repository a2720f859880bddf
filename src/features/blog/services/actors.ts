// The blog's and partner pages' effects: each machine's one call, and the answers the page's HTML
// brought (the server answers a content page's first call in it, so its first render has the text).
import { fromPromise } from "xstate";
import { blogListBodyOf } from "../../../../contract/blogAddress.ts";
import type { BlogFilters, BlogPage } from "../../../../machines/blog/blogList.machine.ts";
import type { ContentRequest } from "../../../../machines/blog/contentPage.machine.ts";
import type { Call } from "../../../shared/api/call.ts";
import { answeredNow } from "../../../shared/api/lazyCall.ts";

const listBody = ({ language, ...filters }: BlogFilters) => blogListBodyOf(language, filters);

/** The content call a request makes, and its body: the very body the server answers in the HTML. */
function contentCall(request: ContentRequest) {
  if (request.kind === "partners") return { route: "partnerList", body: { language: request.language } } as const;
  const body = { slug: request.slug ?? "", language: request.language };
  return request.kind === "post" ? ({ route: "blogPost", body } as const) : ({ route: "partnerPage", body } as const);
}

export const blogListImplementations = ({ call }: { call: Call }) => ({
  actors: {
    fetchPage: fromPromise<BlogPage, BlogFilters>(({ input }) => call("blogList", listBody(input))),
  },
});

export const contentPageImplementations = ({ call }: { call: Call }) => ({
  actors: {
    fetchContent: fromPromise<unknown, ContentRequest>(({ input }) => {
      const { route, body } = contentCall(input);
      return call(route, body);
    }),
  },
});

/** The blog page the HTML brought for these filters, else null. */
export const firstBlogPage = (call: Call, filters: BlogFilters): BlogPage | null => answeredNow(call, "blogList", listBody(filters)) ?? null;

/** The post, partner or partners' list the HTML brought for this request, else null. */
export function firstContent(call: Call, request: ContentRequest): unknown {
  const { route, body } = contentCall(request);
  return answeredNow(call, route, body) ?? null;
}
