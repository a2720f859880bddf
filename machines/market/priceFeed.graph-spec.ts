// Samples the statechart tools drive the priceFeed machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { FeedSnapshot, PriceFeedEvent, PriceFeedInput } from "./priceFeed.machine.ts";

const snapshot = (stale: boolean): FeedSnapshot => ({ data: { price: "97123.45" }, stale, ageSeconds: stale ? 45 : 1, receivedAt: 0 });

export const priceFeedGraphSpec: MachineGraphSpec<PriceFeedInput, PriceFeedEvent> = {
  inputs: [
    { query: { symbol: "BTC", currency: "USD" } },
    // The page's HTML brought the first answer, live or stale.
    { query: { symbol: "BTC", currency: "USD" }, first: snapshot(false) },
    { query: { symbol: "BTC", currency: "USD" }, first: snapshot(true) },
  ],
  events: [
    { type: "feed.hidden" },
    { type: "feed.visible" },
    { type: "feed.offline" },
    { type: "feed.online" },
    { type: "feed.query", query: { symbol: "ETH", currency: "USD" } },
    { type: "feed.retry" },
  ],
  actors: {
    fetchFeed: { done: [snapshot(false), snapshot(true)], error: [{ offline: true }, { code: "network", message: "Failed to fetch" }] },
  },
};
