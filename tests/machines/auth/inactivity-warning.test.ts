// The warning before the idle logout (issue 25 #2), on a simulated clock: the check that finds
// more than 14 idle minutes warns, and the next check, a minute later, logs out unless the user
// (in this tab or another) was active or chose to stay signed in.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { CHECK_INTERVAL_MS, inactivityMachine } from "../../../machines/auth/inactivity.machine.ts";

const MINUTE = 60_000;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const clock = new SimulatedClock();
  clock.set(1_000_000_000);
  // localStorage's lastActivityTime, as every tab writes it.
  const store = { lastActivityTime: 0 };
  const machine = inactivityMachine.provide({
    actions: { recordActivity: () => void (store.lastActivityTime = clock.now()) },
    actors: { readIdleTime: fromPromise(async () => ({ now: clock.now(), lastActivityAt: store.lastActivityTime })) },
  });
  const actor = createActor(machine, { clock }).start();
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= CHECK_INTERVAL_MS) {
      clock.increment(Math.min(CHECK_INTERVAL_MS, left));
      await flush();
    }
  };
  const warning = () => actor.getSnapshot().hasTag("warning");
  return { actor, clock, store, pass, warning, timedOut: () => actor.getSnapshot().status === "done" };
}

describe("inactivity: the warning a minute before the logout", () => {
  it("warns at the check that finds more than 14 idle minutes, with the next check's time, which logs out", async () => {
    const t = start();
    const startedAt = t.clock.now();
    await t.pass(14 * MINUTE);
    // 14 minutes exactly: not yet.
    expect(t.warning()).toBe(false);
    await t.pass(30_000);
    expect(t.warning()).toBe(false);
    await t.pass(30_000);
    // The 15th check finds 15 idle minutes: more than 14, not more than 15.
    expect(t.warning()).toBe(true);
    expect(t.actor.getSnapshot().context.logoutAt).toBe(startedAt + 16 * MINUTE);
    await t.pass(CHECK_INTERVAL_MS - 1);
    expect(t.timedOut()).toBe(false);
    expect(t.warning()).toBe(true);
    await t.pass(1);
    expect(t.timedOut()).toBe(true);
  });

  it("activity while warning keeps the session, and counts as activity", async () => {
    const t = start();
    await t.pass(15 * MINUTE);
    expect(t.warning()).toBe(true);
    // Half a minute into the warning: 15.5 idle minutes, yet before the logout's check.
    t.clock.increment(30_000);
    t.actor.send({ type: "inactivity.activity", at: t.clock.now() });
    await flush();
    expect(t.warning()).toBe(false);
    expect(t.store.lastActivityTime).toBe(t.clock.now());
    expect(t.actor.getSnapshot().context.logoutAt).toBeNull();
    await t.pass(14 * MINUTE);
    expect(t.timedOut()).toBe(false);
  });

  it('"Stay signed in" keeps the session', async () => {
    const t = start();
    await t.pass(15 * MINUTE);
    t.clock.increment(59_000);
    t.actor.send({ type: "inactivity.stay", at: t.clock.now() });
    await flush();
    expect(t.warning()).toBe(false);
    expect(t.store.lastActivityTime).toBe(t.clock.now());
    await t.pass(2 * MINUTE);
    expect(t.timedOut()).toBe(false);
  });

  it('"Stay signed in" pressed after the laptop slept past the limit does not revive the session', async () => {
    const t = start();
    await t.pass(15 * MINUTE);
    t.clock.set(t.clock.now() + 30 * MINUTE);
    t.actor.send({ type: "inactivity.stay", at: t.clock.now() });
    await flush();
    expect(t.timedOut()).toBe(true);
  });

  it("another tab's activity closes this tab's warning", async () => {
    const t = start();
    await t.pass(15 * MINUTE);
    expect(t.warning()).toBe(true);
    // The other tab's user pressed "Stay signed in" there: it wrote lastActivityTime.
    t.store.lastActivityTime = t.clock.now();
    t.actor.send({ type: "inactivity.activityElsewhere" });
    await flush();
    expect(t.warning()).toBe(false);
    await t.pass(10 * MINUTE);
    expect(t.timedOut()).toBe(false);
  });
});
