// Page-view analytics' call, a group of the contract's table (contract/routes.ts). The spec asks for
// "analytics calls on every route change" without naming a path; this one follows its
// `/<thing>/add` form (/contactus/add, /subscriber/add).
import { rateLimited, validation } from "./failures.ts";
import { pageViewAnswerSchema, pageViewSchema } from "./analytics.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

export const analyticsRoutes = {
  pageViewAdd: route({
    path: routePaths.pageViewAdd,
    methods: ["POST"],
    auth: "none",
    group: "Public",
    summary:
      "Records one page view (path with only harmless query parameters, title, language, referrer), first-party, no cookie or id; not kept when the browser sends Sec-GPC: 1.",
    status: "live",
    request: pageViewSchema,
    response: pageViewAnswerSchema,
    failures: [validation, rateLimited],
  }),
};
