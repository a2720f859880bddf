import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { favouritesMachine, type FavouriteChange, type FavouritesEmitted } from "../../../machines/market/favourites.machine.ts";

/** A server whose answers the test releases one by one. */
function start(initial: string[]) {
  let server = [...initial];
  const calls: { change: FavouriteChange; settle: (ok: boolean) => void }[] = [];
  const machine = favouritesMachine.provide({
    actors: {
      saveFavourite: fromPromise(
        ({ input }: { input: FavouriteChange }) =>
          new Promise<{ favourites: readonly string[] }>((resolve, reject) =>
            calls.push({
              change: input,
              settle: (ok) => {
                if (!ok) return reject({ code: "badRequest", message: "No listed asset has this symbol.", data: { reason: "unknownSymbol" } });
                server = input.favourite ? [...new Set([...server, input.symbol])] : server.filter((s) => s !== input.symbol);
                resolve({ favourites: server });
              },
            }),
          ),
      ),
    },
  });
  const actor = createActor(machine).start();
  const failures: FavouritesEmitted[] = [];
  actor.on("favourites.failed", (event) => failures.push(event));
  actor.send({ type: "favourites.loaded", favourites: initial });
  const shown = () => [...actor.getSnapshot().context.favourites].sort();
  const next = async (ok: boolean) => {
    await waitFor(actor, () => calls.length > 0);
    calls.shift()!.settle(ok);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, shown, next, failures, calls };
}

describe("favourites", () => {
  it("a star changes at once and the server's answer confirms it", async () => {
    const f = start(["BTC"]);
    f.actor.send({ type: "favourites.set", symbol: "ETH", favourite: true });
    expect(f.shown()).toEqual(["BTC", "ETH"]);
    expect(f.actor.getSnapshot().hasTag("saving")).toBe(true);
    await f.next(true);
    expect(f.actor.getSnapshot().hasTag("saving")).toBe(false);
    expect(f.shown()).toEqual(["BTC", "ETH"]);
  });

  it("a refused change is rolled back and told", async () => {
    const f = start(["BTC"]);
    f.actor.send({ type: "favourites.set", symbol: "BTC", favourite: false });
    expect(f.shown()).toEqual([]);
    await f.next(false);
    expect(f.shown()).toEqual(["BTC"]);
    expect(f.failures).toMatchObject([{ symbol: "BTC", favourite: false, failure: { reason: "unknownSymbol" } }]);
  });

  it("changes made while one is saving queue in order; a later change of the same star outlives a refusal", async () => {
    const f = start([]);
    f.actor.send({ type: "favourites.set", symbol: "ETH", favourite: true });
    f.actor.send({ type: "favourites.set", symbol: "SOL", favourite: true });
    f.actor.send({ type: "favourites.set", symbol: "ETH", favourite: false });
    expect(f.shown()).toEqual(["SOL"]);
    await f.next(false); // ETH on: refused, but ETH off follows, so nothing to undo
    expect(f.shown()).toEqual(["SOL"]);
    await f.next(true); // SOL on
    await f.next(true); // ETH off
    expect(f.shown()).toEqual(["SOL"]);
    expect(f.actor.getSnapshot().value).toBe("idle");
  });

  it("a list loaded while saving does not overwrite the pending change", async () => {
    const f = start(["BTC"]);
    f.actor.send({ type: "favourites.set", symbol: "ETH", favourite: true });
    f.actor.send({ type: "favourites.loaded", favourites: ["BTC"] });
    expect(f.shown()).toEqual(["BTC", "ETH"]);
    await f.next(true);
    expect(f.shown()).toEqual(["BTC", "ETH"]);
  });
});
