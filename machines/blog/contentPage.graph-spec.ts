// Samples the statechart tools drive a post's, a partner's or the partners' page with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import { blogPost } from "./blog.fixtures.ts";
import type { ContentPageEvent, ContentPageInput } from "./contentPage.machine.ts";

export const contentPageGraphSpec: MachineGraphSpec<ContentPageInput, ContentPageEvent> = {
  inputs: [{ request: { kind: "post", slug: "post-1", language: "en" } }, { request: { kind: "post", slug: "post-1", language: "en" }, initial: blogPost(1) }],
  events: [{ type: "content.load", request: { kind: "partner", slug: "tamr-wallet", language: "ar" } }, { type: "content.retry" }],
  actors: {
    fetchContent: {
      done: [blogPost(1)],
      error: [
        { code: "notFound", message: "We could not find this post.", data: { reason: "postNotFound" } },
        { code: "network", message: "Failed to fetch" },
      ],
    },
  },
};
