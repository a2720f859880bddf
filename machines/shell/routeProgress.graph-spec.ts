// Samples the statechart tools drive the routeProgress machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { RouteProgressEvent } from "./routeProgress.machine.ts";

export const routeProgressGraphSpec: MachineGraphSpec<undefined, RouteProgressEvent> = {
  events: [{ type: "route.start" }, { type: "route.done" }],
};
