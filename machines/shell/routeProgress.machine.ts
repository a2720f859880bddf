import { setup } from "xstate";

export type RouteProgressEvent = { type: "route.start" } | { type: "route.done" };

/** The bar's phase as the view draws it (idle has none). */
export type RouteProgressTag = "loading" | "finishing";

/** The thin bar at the top while a route changes, lazy chunk loading included. */
export const routeProgressMachine = setup({
  types: { events: {} as RouteProgressEvent, tags: {} as RouteProgressTag },
  delays: {
    // Long enough for the bar to visibly reach the end before it fades.
    finishDuration: 250,
    // A route that never reports done must not leave the bar up for ever.
    stallTimeout: 15_000,
  },
}).createMachine({
  id: "routeProgress",
  initial: "idle",
  states: {
    idle: { on: { "route.start": "loading" } },
    loading: {
      tags: "loading",
      description: "The bar creeps forward while the next page loads.",
      on: { "route.done": "finishing" },
      after: { stallTimeout: "finishing" },
    },
    finishing: {
      tags: "finishing",
      description: "The bar runs to the end and fades out.",
      on: { "route.start": "loading" },
      after: { finishDuration: "idle" },
    },
  },
});
