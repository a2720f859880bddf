import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { routeProgressMachine } from "../../../machines/shell/routeProgress.machine.ts";

function start() {
  const clock = new SimulatedClock();
  return { clock, actor: createActor(routeProgressMachine, { clock }).start() };
}

describe("route progress machine", () => {
  it("runs while a route loads, then finishes and hides", () => {
    const { actor, clock } = start();
    actor.send({ type: "route.start" });
    expect(actor.getSnapshot().value).toBe("loading");
    actor.send({ type: "route.done" });
    expect(actor.getSnapshot().value).toBe("finishing");
    clock.increment(249);
    expect(actor.getSnapshot().value).toBe("finishing");
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("restarts when another route change begins while finishing", () => {
    const { actor } = start();
    actor.send({ type: "route.start" });
    actor.send({ type: "route.done" });
    actor.send({ type: "route.start" });
    expect(actor.getSnapshot().value).toBe("loading");
  });

  it("gives up on a route that never reports done", () => {
    const { actor, clock } = start();
    actor.send({ type: "route.start" });
    clock.increment(15_000);
    expect(actor.getSnapshot().value).toBe("finishing");
  });
});
