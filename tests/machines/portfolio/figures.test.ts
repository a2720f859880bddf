import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { figuresMachine, type FiguresArgs } from "../../../machines/portfolio/figures.machine.ts";

/** A fake call whose answers the test releases one at a time, in any order. */
function start(args: FiguresArgs = { currency: "USD", method: "fifo" }) {
  const pending: { args: FiguresArgs; resolve: (data: unknown) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(({ input }: { input: FiguresArgs }) => new Promise<unknown>((resolve, reject) => pending.push({ args: input, resolve, reject })));
  const actor = createActor(figuresMachine.provide({ actors: { load: fromPromise(load) } }), { input: { args } }).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, pending, load, tags, settled: () => waitFor(actor, (s) => !s.hasTag("loading")) };
}

describe("the portfolio's figures", () => {
  it("loads the figures for the page's arguments and shows them", async () => {
    const f = start();
    expect(f.tags()).toEqual(["loading"]);
    expect(f.pending[0]!.args).toEqual({ currency: "USD", method: "fifo" });
    f.pending[0]!.resolve({ total: "10.00" });
    await f.settled();
    expect(f.tags()).toEqual(["shown"]);
    expect(f.actor.getSnapshot().context.data).toEqual({ total: "10.00" });
  });

  it("drops the answer for the old arguments when new ones come, and shows only the new one's", async () => {
    const f = start();
    f.actor.send({ type: "figures.args", args: { currency: "EUR", method: "fifo" } });
    expect(f.load).toHaveBeenCalledTimes(2);
    // The old answer arrives last: it is never shown.
    f.pending[1]!.resolve({ total: "€9.00" });
    f.pending[0]!.resolve({ total: "$10.00" });
    await f.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(f.actor.getSnapshot().context).toMatchObject({ args: { currency: "EUR", method: "fifo" }, data: { total: "€9.00" } });
  });

  it("clears what was shown while the new arguments load", async () => {
    const f = start();
    f.pending[0]!.resolve({ total: "10.00" });
    await f.settled();
    f.actor.send({ type: "figures.args", args: { currency: "USD", method: "average" } });
    expect(f.tags()).toEqual(["loading"]);
    expect(f.actor.getSnapshot().context.data).toBeNull();
  });

  it("says a failed call failed, and asks again on retry", async () => {
    const f = start();
    f.pending[0]!.reject({ code: "network", message: "Failed to fetch" });
    await f.settled();
    expect(f.tags()).toEqual(["failed"]);
    expect(f.actor.getSnapshot().context.failure).toMatchObject({ flow: "figures", code: "network" });
    f.actor.send({ type: "figures.retry" });
    expect(f.tags()).toEqual(["loading"]);
    expect(f.pending[1]!.args).toEqual({ currency: "USD", method: "fifo" });
    f.pending[1]!.resolve({ total: "10.00" });
    await f.settled();
    expect(f.tags()).toEqual(["shown"]);
    expect(f.actor.getSnapshot().context.failure).toBeNull();
  });

  it("does not ask again while the figures are shown", () => {
    const f = start();
    expect(f.actor.getSnapshot().can({ type: "figures.retry" })).toBe(false);
  });
});
