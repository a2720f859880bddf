// Samples the statechart tools drive the figures machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { FiguresEvent, FiguresInput } from "./figures.machine.ts";

export const figuresGraphSpec: MachineGraphSpec<FiguresInput, FiguresEvent> = {
  inputs: [{ args: { currency: "USD", method: "fifo" } }],
  events: [{ type: "figures.args", args: { currency: "EUR", method: "fifo" } }, { type: "figures.retry" }],
  actors: {
    load: {
      done: [{ total: { value: "100.00" } }],
      error: [{ code: "network", message: "Failed to fetch" }],
    },
  },
};
