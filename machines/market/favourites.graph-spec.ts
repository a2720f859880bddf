// Samples the statechart tools drive the favourites machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { FavouritesEvent } from "./favourites.machine.ts";

export const favouritesGraphSpec: MachineGraphSpec<undefined, FavouritesEvent> = {
  events: [
    { type: "favourites.loaded", favourites: ["BTC"] },
    { type: "favourites.set", symbol: "ETH", favourite: true },
    { type: "favourites.set", symbol: "BTC", favourite: false },
  ],
  actors: {
    saveFavourite: { done: [{ favourites: ["BTC", "ETH"] }], error: [{ code: "badRequest", message: "server message", data: { reason: "unknownSymbol" } }] },
  },
};
