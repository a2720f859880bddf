import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { codeCooldownMachine } from "../../../machines/auth/codeCooldown.machine.ts";

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(codeCooldownMachine, { clock }).start();
  return { actor, clock, left: () => (actor.getSnapshot().matches("waiting") ? actor.getSnapshot().context.secondsLeft : 0) };
}

describe("code cooldown", () => {
  it("counts a whole wait down one second at a time, then allows a new code", () => {
    const { actor, clock, left } = start();
    actor.send({ type: "cooldown.start", seconds: 60 });
    expect(left()).toBe(60);
    clock.increment(1000);
    expect(left()).toBe(59);
    for (let i = 0; i < 58; i++) clock.increment(1000);
    expect(left()).toBe(1);
    clock.increment(999);
    expect(actor.getSnapshot().matches("waiting")).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches("ready")).toBe(true);
  });

  it("rounds a fractional wait up and ignores a wait of nothing", () => {
    const { actor, left } = start();
    actor.send({ type: "cooldown.start", seconds: 0 });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "cooldown.start", seconds: 2.2 });
    expect(left()).toBe(3);
  });

  it("a new wait replaces the running one, and zero ends it", () => {
    const { actor, clock, left } = start();
    actor.send({ type: "cooldown.start", seconds: 60 });
    clock.increment(10_000);
    actor.send({ type: "cooldown.start", seconds: 30 });
    expect(left()).toBe(30);
    clock.increment(500);
    expect(left()).toBe(30);
    actor.send({ type: "cooldown.start", seconds: 0 });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
  });
});
