import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS, inactivityMachine } from "../../../machines/auth/inactivity.machine.ts";

const MINUTE = 60_000;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine with a simulated clock; `stored` plays localStorage's lastActivityTime, shared by "tabs". */
function start(startAt = 1_000_000_000) {
  const clock = new SimulatedClock();
  clock.set(startAt);
  const store = { lastActivityTime: 0, writes: 0 };
  const machine = inactivityMachine.provide({
    actions: {
      recordActivity: () => {
        store.lastActivityTime = clock.now();
        store.writes++;
      },
    },
    actors: { readIdleTime: fromPromise(async () => ({ now: clock.now(), lastActivityAt: store.lastActivityTime })) },
  });
  const actor = createActor(machine, { clock }).start();
  /** Advances the clock, letting each check's read settle. */
  const pass = async (ms: number, step = CHECK_INTERVAL_MS) => {
    for (let left = ms; left > 0; left -= step) {
      clock.increment(Math.min(step, left));
      await flush();
    }
  };
  const activity = async () => {
    actor.send({ type: "inactivity.activity", at: clock.now() });
    await flush();
  };
  return { actor, clock, store, pass, activity, timedOut: () => actor.getSnapshot().status === "done" };
}

describe("inactivity", () => {
  it("records the start as activity and logs out at the first check past 15 idle minutes", async () => {
    const t = start();
    expect(t.store.lastActivityTime).toBe(t.clock.now());
    await t.pass(15 * MINUTE);
    // Exactly 900000 ms idle at the 15th check: not yet.
    expect(t.timedOut()).toBe(false);
    await t.pass(CHECK_INTERVAL_MS - 1);
    expect(t.timedOut()).toBe(false);
    await t.pass(1);
    expect(t.timedOut()).toBe(true);
  });

  it("activity keeps the session alive, and storage is written at most every 5 seconds", async () => {
    const t = start();
    for (let i = 0; i < 30; i++) {
      await t.pass(MINUTE);
      await t.activity();
    }
    expect(t.timedOut()).toBe(false);
    const before = t.store.writes;
    for (let i = 0; i < 50; i++) {
      t.clock.increment(100);
      await t.activity();
    }
    // 5 s of mouse moves: one write when it began and one 5 s later.
    expect(t.store.writes - before).toBeLessThanOrEqual(2);
    expect(t.store.writes - before).toBeGreaterThanOrEqual(1);
  });

  it("counts activity written by another tab", async () => {
    const t = start();
    for (let i = 0; i < 40; i++) {
      await t.pass(MINUTE);
      t.store.lastActivityTime = t.clock.now(); // the other tab is in use
    }
    expect(t.timedOut()).toBe(false);
  });

  it("a laptop that slept an hour logs out at the first check after waking, even if the user touches it first", async () => {
    const t = start();
    t.clock.increment(60 * MINUTE); // asleep: one timer fires late
    await t.activity();
    expect(t.timedOut()).toBe(true);
    expect(t.store.lastActivityTime).toBeLessThan(t.clock.now() - IDLE_TIMEOUT_MS);
  });

  it("a slept laptop with no touch logs out at the first (late) check", async () => {
    const t = start();
    t.clock.increment(60 * MINUTE);
    await flush();
    expect(t.timedOut()).toBe(true);
  });
});
