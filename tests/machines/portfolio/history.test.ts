import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { historyOrder as order } from "../../../machines/portfolio/portfolio.fixtures.ts";
import { historyMachine, type HistoryFilters, type HistoryPage, type HistoryPageRequest } from "../../../machines/portfolio/history.machine.ts";

/** A fake call whose answers the test releases one at a time, in any order. */
function start(filters: HistoryFilters = {}) {
  const pending: { request: HistoryPageRequest; resolve: (page: HistoryPage) => void; reject: (error: unknown) => void }[] = [];
  const fetchPage = vi.fn(
    ({ input }: { input: HistoryPageRequest }) => new Promise<HistoryPage>((resolve, reject) => pending.push({ request: input, resolve, reject })),
  );
  const actor = createActor(historyMachine.provide({ actors: { fetchPage: fromPromise(fetchPage) } }), { input: { filters } }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  const ids = () => actor.getSnapshot().context.items.map((item) => item.id.slice(-2));
  const settle = () => waitFor(actor, (s) => !s.hasTag("loading") && !s.hasTag("loadingMore"));
  return { actor, pending, fetchPage, tags, ids, settle };
}

describe("transaction history", () => {
  it("loads the first page with the filters, then appends the next page from its cursor", async () => {
    const h = start({ asset: "BTC" });
    expect(h.pending[0]!.request).toEqual({ filters: { asset: "BTC" }, cursor: null });
    h.pending[0]!.resolve({ items: [order(1), order(2)], nextCursor: "c2" });
    await h.settle();
    expect(h.tags()).toEqual(["hasMore", "listed"]);
    expect(h.actor.getSnapshot().can({ type: "history.loadMore" })).toBe(true);

    h.actor.send({ type: "history.loadMore" });
    expect(h.tags()).toEqual(["listed", "loadingMore"]);
    expect(h.pending[1]!.request).toEqual({ filters: { asset: "BTC" }, cursor: "c2" });
    // An order that moved onto the next page while it loaded is listed once.
    h.pending[1]!.resolve({ items: [order(2), order(3)], nextCursor: null });
    await h.settle();
    expect(h.ids()).toEqual(["01", "02", "03"]);
    expect(h.tags()).toEqual(["listed"]);
    expect(h.actor.getSnapshot().can({ type: "history.loadMore" })).toBe(false);
  });

  it("starts again from the first page on new filters, and drops the answer for the old ones", async () => {
    const h = start();
    h.actor.send({ type: "history.filter", filters: { status: "failed" } });
    expect(h.pending[1]!.request).toEqual({ filters: { status: "failed" }, cursor: null });
    h.pending[0]!.resolve({ items: [order(9)], nextCursor: null });
    h.pending[1]!.resolve({ items: [order(4)], nextCursor: null });
    await h.settle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.ids()).toEqual(["04"]);
    expect(h.actor.getSnapshot().context.filters).toEqual({ status: "failed" });
  });

  it("cancels a next page under way when the filters change", async () => {
    const h = start();
    h.pending[0]!.resolve({ items: [order(1)], nextCursor: "c2" });
    await h.settle();
    h.actor.send({ type: "history.loadMore" });
    h.actor.send({ type: "history.filter", filters: { asset: "ETH" } });
    expect(h.actor.getSnapshot().context.items).toEqual([]);
    h.pending[1]!.resolve({ items: [order(2)], nextCursor: null });
    h.pending[2]!.resolve({ items: [], nextCursor: null });
    await h.settle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.tags()).toEqual(["noMatch"]);
    expect(h.ids()).toEqual([]);
  });

  it("tells a new user's empty history from filters that match nothing", async () => {
    const fresh = start();
    fresh.pending[0]!.resolve({ items: [], nextCursor: null });
    await fresh.settle();
    expect(fresh.tags()).toEqual(["empty"]);

    const filtered = start({ from: "2026-01-01" });
    filtered.pending[0]!.resolve({ items: [], nextCursor: null });
    await filtered.settle();
    expect(filtered.tags()).toEqual(["noMatch"]);
    filtered.actor.send({ type: "history.filter", filters: {} });
    expect(filtered.pending[1]!.request).toEqual({ filters: {}, cursor: null });
  });

  it("fails with a retry, and keeps the list when only the next page fails", async () => {
    const h = start();
    h.pending[0]!.reject({ code: "network", message: "Failed to fetch" });
    await h.settle();
    expect(h.tags()).toEqual(["failed"]);
    expect(h.actor.getSnapshot().context.failure).toMatchObject({ flow: "history", code: "network" });
    h.actor.send({ type: "history.retry" });
    h.pending[1]!.resolve({ items: [order(1)], nextCursor: "c2" });
    await h.settle();
    expect(h.actor.getSnapshot().context.failure).toBeNull();

    h.actor.send({ type: "history.loadMore" });
    h.pending[2]!.reject({ code: "serverError", message: "" });
    await h.settle();
    expect(h.tags()).toEqual(["hasMore", "listed", "moreFailed"]);
    expect(h.ids()).toEqual(["01"]);
    h.actor.send({ type: "history.loadMore" });
    expect(h.pending[3]!.request.cursor).toBe("c2");
  });

  it("keeps the server's refusal of a filter with its field key, and offers no retry of it", async () => {
    const h = start({ from: "2026-02-30" });
    h.pending[0]!.reject({ code: "badRequest", message: "Some fields are not valid.", data: { reason: "validation", fieldKeys: { from: "date.invalid" } } });
    await h.settle();
    expect(h.tags()).toEqual(["refused"]);
    expect(h.actor.getSnapshot().context.failure?.fieldKeys).toEqual({ from: "date.invalid" });
    expect(h.actor.getSnapshot().can({ type: "history.retry" })).toBe(false);
    h.actor.send({ type: "history.filter", filters: { from: "2026-02-28" } });
    expect(h.tags()).toEqual(["loading"]);
    expect(h.actor.getSnapshot().context.failure).toBeNull();
  });
});
