// Samples the statechart tools drive the blog list with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { blogPage, blogSummary } from "./blog.fixtures.ts";
import type { BlogListEvent, BlogListInput } from "./blogList.types.ts";

const listed = blogPage([blogSummary(1), blogSummary(2)]);
const noMatch = blogPage([], { categories: [{ category: "fees", count: 2 }] });
const nothing = blogPage([]);

export const blogListGraphSpec: MachineGraphSpec<BlogListInput, BlogListEvent> = {
  // The page the HTML brought takes each side of the start's choice; none asks the server.
  inputs: [
    { filters: { language: "en", page: 1 } },
    { filters: { language: "en", page: 1 }, initial: listed },
    { filters: { language: "ar", category: "fees", page: 1 }, initial: noMatch },
    { filters: { language: "en", page: 1 }, initial: nothing },
  ],
  events: [{ type: "blog.filter", filters: { language: "ar", category: "security", q: "100%", page: 2 } }, { type: "blog.retry" }],
  actors: {
    fetchPage: {
      done: [listed, noMatch, nothing],
      error: [
        { code: "badRequest", message: "Some fields are not valid.", data: { reason: "validation", fieldKeys: { tag: "field.invalid" } } },
        { code: "network", message: "Failed to fetch" },
      ],
    },
  },
};
