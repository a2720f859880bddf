import { assign, emit, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf, type Failure } from "../failure.ts";

/** One change the server has not confirmed yet. */
export interface FavouriteChange {
  symbol: string;
  favourite: boolean;
}

export interface FavouritesContext {
  /** What the star shows: the server's favourites with every unconfirmed change applied. */
  favourites: readonly string[];
  /** Changes waiting for the server, oldest first; the first is being saved. */
  pending: readonly FavouriteChange[];
}

export type FavouritesEvent =
  /** The server's list arrived (with the currency list or the dashboard): replaces what is shown. */
  | { type: "favourites.loaded"; favourites: readonly string[] }
  /** The user pressed a star: the star changes at once. */
  | { type: "favourites.set"; symbol: string; favourite: boolean };

/** `failed` is emitted when the server refused a change, which was rolled back. */
export type FavouritesEmitted = { type: "favourites.failed"; symbol: string; favourite: boolean; failure: Failure<"favourites"> };

/** `saving` while a change is on its way to the server. */
export type FavouritesTag = "saving";

const apply = (favourites: readonly string[], { symbol, favourite }: FavouriteChange) =>
  favourite ? (favourites.includes(symbol) ? favourites : [...favourites, symbol]) : favourites.filter((s) => s !== symbol);

/**
 * A user's favourite assets, changed optimistically: a star changes at once, the change is saved
 * in order, and one the server refuses is rolled back with a message (a later change of the same
 * star wins over it).
 */
export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    emitted: {} as FavouritesEmitted,
    tags: {} as FavouritesTag,
  },
  guards: {
    hasMorePending: ({ context }) => context.pending.length > 1,
  },
  actions: {
    load: assign({ favourites: ({ event }) => (event.type === "favourites.loaded" ? [...event.favourites] : []) }),
    applyChange: assign(({ context, event }) => {
      if (event.type !== "favourites.set") return {};
      const change = { symbol: event.symbol, favourite: event.favourite };
      return { favourites: apply(context.favourites, change), pending: [...context.pending, change] };
    }),
    /** The server confirmed the first change: its answer, with the changes still waiting applied on top. */
    confirm: assign(({ context }, saved: { favourites: readonly string[] }) => {
      const rest = context.pending.slice(1);
      return { pending: rest, favourites: rest.reduce(apply, [...saved.favourites]) };
    }),
    /** The server refused the first change: undo it, unless a later change of the same star decides it. */
    rollBack: assign(({ context }) => {
      const [failed, ...rest] = context.pending;
      if (!failed || rest.some((change) => change.symbol === failed.symbol)) return { pending: rest };
      return { pending: rest, favourites: apply(context.favourites, { symbol: failed.symbol, favourite: !failed.favourite }) };
    }),
    tellFailure: emit(({ context }, error: unknown) => ({
      type: "favourites.failed" as const,
      symbol: context.pending[0]?.symbol ?? "",
      favourite: context.pending[0]?.favourite ?? true,
      failure: failureOf("favourites", error),
    })),
  },
  actors: {
    saveFavourite: fromPromise<{ favourites: readonly string[] }, FavouriteChange>(async () => {
      throw new Error("saveFavourite is provided by the app");
    }),
  },
}).createMachine({
  id: "favourites",
  context: { favourites: [], pending: [] },
  initial: "idle",
  states: {
    idle: {
      description: "Every change is saved.",
      on: {
        "favourites.loaded": { actions: "load" },
        "favourites.set": { target: "saving", actions: "applyChange" },
      },
    },
    saving: {
      tags: ["saving"],
      description: "The oldest unconfirmed change is being saved; new presses queue behind it.",
      on: {
        // The list from before these changes is older than they are: it is not shown over them.
        "favourites.set": { actions: "applyChange" },
      },
      invoke: {
        id: "saveFavourite",
        src: "saveFavourite",
        input: ({ context }) => context.pending[0]!,
        onDone: [
          { guard: "hasMorePending", target: "saving", reenter: true, actions: { type: "confirm", params: output } },
          { target: "idle", actions: { type: "confirm", params: output } },
        ],
        onError: [
          {
            guard: "hasMorePending",
            target: "saving",
            reenter: true,
            actions: [{ type: "tellFailure", params: errorOf }, "rollBack"],
          },
          { target: "idle", actions: [{ type: "tellFailure", params: errorOf }, "rollBack"] },
        ],
      },
    },
  },
});
