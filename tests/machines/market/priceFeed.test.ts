import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { FEED_POLL_MS, priceFeedMachine, type FeedSnapshot } from "../../../machines/market/priceFeed.machine.ts";

type Answer = { snapshot: FeedSnapshot } | { error: unknown };

function start(answers: Answer[], first?: FeedSnapshot) {
  const clock = new SimulatedClock();
  const queries: unknown[] = [];
  const fetchFeed = vi.fn(async ({ input }: { input: { query: unknown } }) => {
    queries.push(input.query);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if ("error" in answer) throw answer.error;
    return answer.snapshot;
  });
  const machine = priceFeedMachine.provide({ actors: { fetchFeed: fromPromise(fetchFeed) } });
  const actor = createActor(machine, { clock, input: { query: "BTC/USD", first } }).start();
  const tags = () => [...actor.getSnapshot().tags].filter((tag) => tag !== "refreshing");
  const settled = () => waitFor(actor, (s) => !s.hasTag("refreshing"));
  return { actor, clock, fetchFeed, queries, tags, settled };
}

const fresh = (price: string): Answer => ({ snapshot: { data: price, stale: false, ageSeconds: 1, receivedAt: 0 } });
const stale: Answer = { snapshot: { data: "90.00", stale: true, ageSeconds: 60, receivedAt: 0 } };
const network: Answer = { error: { code: "network" } };
const offline: Answer = { error: { offline: true } };

describe("price feed", () => {
  it("shows an answer the page already holds from its first snapshot, and polls only after the usual wait", async () => {
    const feed = start([fresh("2.00")], { data: "1.00", stale: false, ageSeconds: 1, receivedAt: 0 });
    expect(feed.tags()).toEqual(["live"]);
    expect(feed.actor.getSnapshot().context.latest?.data).toBe("1.00");
    expect(feed.fetchFeed).not.toHaveBeenCalled();
    feed.clock.increment(FEED_POLL_MS);
    await feed.settled();
    expect(feed.actor.getSnapshot().context.latest?.data).toBe("2.00");
    expect(feed.fetchFeed).toHaveBeenCalledTimes(1);
  });

  it("shows a stale answer the page holds as stale", () => {
    const feed = start([fresh("2.00")], { data: "1.00", stale: true, ageSeconds: 60, receivedAt: 0 });
    expect(feed.tags()).toEqual(["stale"]);
    expect(feed.fetchFeed).not.toHaveBeenCalled();
  });

  it("polls every 5 s while visible and keeps the newest answer", async () => {
    const feed = start([fresh("1.00"), fresh("2.00"), fresh("3.00")]);
    await feed.settled();
    expect(feed.tags()).toEqual(["live"]);
    expect(feed.actor.getSnapshot().context.latest?.data).toBe("1.00");
    feed.clock.increment(FEED_POLL_MS - 1);
    expect(feed.fetchFeed).toHaveBeenCalledTimes(1);
    feed.clock.increment(1);
    await feed.settled();
    expect(feed.actor.getSnapshot().context.latest?.data).toBe("2.00");
    expect(feed.fetchFeed).toHaveBeenCalledTimes(2);
  });

  it("says stale when the server's source has stopped", async () => {
    const feed = start([stale]);
    await feed.settled();
    expect(feed.tags()).toEqual(["stale"]);
  });

  it("keeps the last prices on a failed poll and retries with doubling back-off, then recovers", async () => {
    const feed = start([fresh("1.00"), network, network, fresh("4.00")]);
    await feed.settled();
    feed.clock.increment(FEED_POLL_MS);
    await feed.settled();
    expect(feed.tags()).toEqual(["retrying"]);
    expect(feed.actor.getSnapshot().context.latest?.data).toBe("1.00");
    feed.clock.increment(1_000); // first back-off: 1 s
    await feed.settled();
    expect(feed.actor.getSnapshot().context.failures).toBe(2);
    feed.clock.increment(1_999); // second: 2 s
    expect(feed.fetchFeed).toHaveBeenCalledTimes(3);
    feed.clock.increment(1);
    await feed.settled();
    expect(feed.tags()).toEqual(["live"]);
    expect(feed.actor.getSnapshot().context).toMatchObject({ failures: 0, latest: { data: "4.00" } });
  });

  it("fails with nothing to show when the first poll fails, and tries again when asked", async () => {
    const feed = start([network, fresh("5.00")]);
    await feed.settled();
    expect(feed.tags()).toEqual(["failed"]);
    feed.actor.send({ type: "feed.retry" });
    await feed.settled();
    expect(feed.tags()).toEqual(["live"]);
  });

  it("does not poll while hidden, and polls at once when visible again", async () => {
    const feed = start([fresh("1.00")]);
    await feed.settled();
    feed.actor.send({ type: "feed.hidden" });
    feed.clock.increment(10 * FEED_POLL_MS);
    expect(feed.fetchFeed).toHaveBeenCalledTimes(1);
    expect(feed.tags()).toEqual(["paused"]);
    feed.actor.send({ type: "feed.visible" });
    await feed.settled();
    expect(feed.fetchFeed).toHaveBeenCalledTimes(2);
  });

  it("goes offline on the browser's word or an offline failure, and resumes when online", async () => {
    const feed = start([offline, fresh("1.00")]);
    await feed.settled();
    expect(feed.tags()).toEqual(["offline"]);
    feed.clock.increment(60_000);
    expect(feed.fetchFeed).toHaveBeenCalledTimes(1);
    feed.actor.send({ type: "feed.online" });
    await feed.settled();
    expect(feed.tags()).toEqual(["live"]);
    feed.actor.send({ type: "feed.offline" });
    expect(feed.tags()).toEqual(["offline"]);
  });

  it("a new query drops the old prices and polls it at once", async () => {
    const feed = start([fresh("1.00"), fresh("2.00")]);
    await feed.settled();
    feed.actor.send({ type: "feed.query", query: "ETH/EUR" });
    expect(feed.actor.getSnapshot().context.latest).toBeNull();
    await feed.settled();
    expect(feed.queries).toEqual(["BTC/USD", "ETH/EUR"]);
  });
});
