// Page views (issue 28): what one records (the schemas of POST /pageview/add). How an address is
// cleaned before it is recorded is contract/pageViewAddress.ts (no zod: the browser runs it at start).
import { z } from "zod";
import { locales } from "./vocabulary.ts";
import { PAGE_VIEW_LIMITS } from "./pageViewAddress.ts";

export { KEPT_QUERY_PARAMS, PAGE_VIEW_LIMITS, scrubAddress, scrubReferrer } from "./pageViewAddress.ts";

const bounded = (max: number) => z.string({ error: "field.required" }).trim().min(1, { error: "field.required" }).max(max, { error: "field.invalid" });

/** POST /pageview/add: one page view, as the SPA records it on a route change. */
export const pageViewSchema = z.strictObject({
  path: bounded(PAGE_VIEW_LIMITS.addressMax).refine((path) => path.startsWith("/") && !path.startsWith("//"), { error: "field.invalid" }),
  title: bounded(PAGE_VIEW_LIMITS.titleMax),
  locale: z.enum(locales, { error: "locale.invalid" }),
  referrer: bounded(PAGE_VIEW_LIMITS.addressMax).nullable().optional(),
});
export type PageView = z.input<typeof pageViewSchema>;

/** Whether it was kept: not when the browser sent the Global Privacy Control signal (Sec-GPC: 1). */
export const pageViewAnswerSchema = z.object({ recorded: z.boolean() });
