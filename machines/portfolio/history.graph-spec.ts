// Samples the statechart tools drive the history machine with; only the tools import this file.
import type { BuyOrder } from "../../contract/index.ts";
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { HistoryEvent, HistoryInput, HistoryPage } from "./history.types.ts";

const order = (id: string): BuyOrder => ({
  id,
  type: "buy",
  asset: "BTC",
  currency: "USD",
  status: "completed",
  pay: { asset: "USD", value: "100.00" },
  receive: { asset: "BTC", value: "0.00100000" },
  fee: { asset: "BTC", value: "0.00001000" },
  price: "97123.45",
  paymentUrl: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:05:00.000Z",
  timeline: [
    { step: "created", at: "2026-11-23T10:00:00.000Z" },
    { step: "completed", at: "2026-11-23T10:05:00.000Z" },
  ],
});

const pages: HistoryPage[] = [
  { items: [order("7d1f0b1e-0000-4000-8000-000000000001")], nextCursor: "cursor-2" },
  { items: [order("7d1f0b1e-0000-4000-8000-000000000002")], nextCursor: null },
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
