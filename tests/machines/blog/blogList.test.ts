import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { blogListMachine, type BlogFilters, type BlogPage } from "../../../machines/blog/blogList.machine.ts";
import { contentPageMachine, type ContentRequest } from "../../../machines/blog/contentPage.machine.ts";
import { blogPage, blogPost, blogSummary } from "../../../machines/blog/blog.fixtures.ts";

/** The blog list over a fake call whose answers the test releases in any order. */
function start(initial: BlogPage | null = null, filters: BlogFilters = { language: "en", page: 1 }) {
  const pending: { filters: BlogFilters; resolve: (page: BlogPage) => void; reject: (error: unknown) => void }[] = [];
  const fetchPage = vi.fn(({ input }: { input: BlogFilters }) => new Promise<BlogPage>((resolve, reject) => pending.push({ filters: input, resolve, reject })));
  const actor = createActor(blogListMachine.provide({ actors: { fetchPage: fromPromise(fetchPage) } }), { input: { filters, initial } }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, pending, fetchPage, tags, settled: () => waitFor(actor, (s) => !s.hasTag("loading")) };
}

describe("the blog list", () => {
  it("shows the page the HTML brought at once, without asking", () => {
    const page = blogPage([blogSummary(1)]);
    const b = start(page);
    expect(b.tags()).toEqual(["listed"]);
    expect(b.fetchPage).not.toHaveBeenCalled();
    expect(b.actor.getSnapshot().context.page).toBe(page);
  });

  it("keeps the shown page while other filters load, and drops the answer for the old ones", async () => {
    const b = start(blogPage([blogSummary(1)]));
    b.actor.send({ type: "blog.filter", filters: { language: "ar", category: "fees", page: 1 } });
    b.actor.send({ type: "blog.filter", filters: { language: "ar", category: "security", page: 1 } });
    expect(b.tags()).toEqual(["loading"]);
    expect(b.actor.getSnapshot().context.page?.items[0]?.slug).toBe("post-1");
    b.pending[1]!.resolve(blogPage([blogSummary(3)]));
    b.pending[0]!.resolve(blogPage([blogSummary(2)]));
    await b.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(b.actor.getSnapshot().context.page?.items.map((item) => item.slug)).toEqual(["post-3"]);
    expect(b.pending[1]!.filters).toEqual({ language: "ar", category: "security", page: 1 });
  });

  it("tells an empty blog from filters that match nothing, and a refused filter from a failure", async () => {
    const b = start();
    b.pending[0]!.resolve(blogPage([]));
    await b.settled();
    expect(b.tags()).toEqual(["empty"]);
    b.actor.send({ type: "blog.filter", filters: { language: "en", q: "nothing", page: 1 } });
    b.pending[1]!.resolve(blogPage([], { categories: [{ category: "fees", count: 1 }] }));
    await b.settled();
    expect(b.tags()).toEqual(["noMatch"]);
    b.actor.send({ type: "blog.filter", filters: { language: "en", tag: "x".repeat(50), page: 1 } });
    b.pending[2]!.reject({ code: "badRequest", message: "Some fields are not valid.", data: { reason: "validation", fieldKeys: { tag: "field.invalid" } } });
    await b.settled();
    expect(b.tags()).toEqual(["refused"]);
    b.actor.send({ type: "blog.filter", filters: { language: "en", page: 1 } });
    b.pending[3]!.reject({ code: "network", message: "Failed to fetch" });
    await b.settled();
    expect(b.tags()).toEqual(["failed"]);
    b.actor.send({ type: "blog.retry" });
    b.pending[4]!.resolve(blogPage([blogSummary(1)]));
    await b.settled();
    expect(b.tags()).toEqual(["listed"]);
  });
});

describe("a content page", () => {
  const request: ContentRequest = { kind: "post", slug: "post-1", language: "en" };
  it("is not found on postNotFound, fails on anything else, and loads again in another language", async () => {
    const answers: unknown[] = [
      { code: "notFound", message: "x", data: { reason: "postNotFound" } },
      { code: "network", message: "y" },
    ];
    const fetchContent = vi.fn(async (_: { input: ContentRequest }): Promise<unknown> => {
      const next = answers.shift();
      if (next) throw next;
      return blogPost(1, { language: "ar" });
    });
    const actor = createActor(contentPageMachine.provide({ actors: { fetchContent: fromPromise(fetchContent) } }), { input: { request } }).start();
    await waitFor(actor, (s) => !s.hasTag("loading"));
    expect(actor.getSnapshot().hasTag("notFound")).toBe(true);
    actor.send({ type: "content.load", request: { ...request, language: "ar" } });
    await waitFor(actor, (s) => !s.hasTag("loading"));
    expect(actor.getSnapshot().hasTag("failed")).toBe(true);
    actor.send({ type: "content.retry" });
    await waitFor(actor, (s) => s.hasTag("shown"));
    expect(fetchContent).toHaveBeenLastCalledWith(expect.objectContaining({ input: { ...request, language: "ar" } }));
  });
});
