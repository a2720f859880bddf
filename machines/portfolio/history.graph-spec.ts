// Samples the statechart tools drive the history machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { HistoryEvent, HistoryInput, HistoryPage } from "./history.types.ts";
import { historyOrder } from "./portfolio.fixtures.ts";

const pages: HistoryPage[] = [
  { items: [historyOrder(1)], nextCursor: "cursor-2" },
  { items: [historyOrder(2)], nextCursor: null },
  { items: [], nextCursor: null },
];

export const historyGraphSpec: MachineGraphSpec<HistoryInput, HistoryEvent> = {
  // With and without filters from the address, so an empty first page takes both of its sides.
  inputs: [{ filters: {} }, { filters: { asset: "BTC" } }],
  events: [
    { type: "history.filter", filters: { status: "completed", from: "2026-11-01" } },
    { type: "history.filter", filters: {} },
    { type: "history.loadMore" },
    { type: "history.retry" },
  ],
  actors: {
    fetchPage: {
      done: pages,
      error: [
        { code: "badRequest", message: "Some fields are not valid.", data: { reason: "validation", fieldKeys: { from: "date.invalid" } } },
        { code: "network", message: "Failed to fetch" },
      ],
    },
  },
};
