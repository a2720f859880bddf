import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { CLOSED_GRACE_MS, POLL_INTERVAL_MS, socialPopupMachine, type PopupHandle } from "../../../machines/auth/socialPopup.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start({ blocked = false } = {}) {
  const clock = new SimulatedClock();
  const windows: { requestId: string; closed: boolean; close: ReturnType<typeof vi.fn> }[] = [];
  const machine = socialPopupMachine.provide({
    actors: {
      openPopup: fromPromise(async (): Promise<PopupHandle | null> => {
        if (blocked) return null;
        const win = { requestId: `r-${windows.length + 1}`, closed: false, close: vi.fn() };
        windows.push(win);
        return { requestId: win.requestId, isClosed: () => win.closed, close: win.close };
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { provider: "google" } });
  actor.start();
  return { actor, clock, windows, output: () => actor.getSnapshot().output };
}

describe("social popup", () => {
  it("is blocked when window.open gives nothing", async () => {
    const { actor, output } = start({ blocked: true });
    await waitFor(actor, (s) => s.status === "done");
    expect(output()).toEqual({ ok: false, provider: "google", failure: "popupBlocked" });
  });

  it("ends with the callback's code, closing the popup", async () => {
    const { actor, windows, output } = start();
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "social.result", requestId: "r-1", code: "one-time" });
    expect(output()).toEqual({ ok: true, provider: "google", code: "one-time" });
    expect(windows[0]!.close).toHaveBeenCalled();
  });

  it("ignores an answer to another request", async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "social.result", requestId: "r-0", code: "stale" });
    actor.send({ type: "social.failure", requestId: "r-0", reason: "denied" });
    expect(actor.getSnapshot().matches("open")).toBe(true);
  });

  it("rejects 8 seconds after the popup closes without a result, polling every half second", async () => {
    const { actor, clock, windows, output } = start();
    await waitFor(actor, (s) => s.matches("open"));
    clock.increment(POLL_INTERVAL_MS * 10);
    expect(actor.getSnapshot().matches({ open: "polling" })).toBe(true);
    windows[0]!.closed = true;
    clock.increment(POLL_INTERVAL_MS);
    expect(actor.getSnapshot().matches({ open: "closedGrace" })).toBe(true);
    clock.increment(CLOSED_GRACE_MS - 1);
    expect(actor.getSnapshot().status).toBe("active");
    clock.increment(1);
    expect(output()).toEqual({ ok: false, provider: "google", failure: "popupClosed" });
  });

  it("lets a late result win within the grace (a provider that severed window.opener looks closed)", async () => {
    const { actor, clock, windows, output } = start();
    await waitFor(actor, (s) => s.matches("open"));
    windows[0]!.closed = true;
    clock.increment(POLL_INTERVAL_MS);
    clock.increment(CLOSED_GRACE_MS - 1);
    actor.send({ type: "social.result", requestId: "r-1", code: "late" });
    expect(output()).toEqual({ ok: true, provider: "google", code: "late" });
  });

  it("a second request cancels the first and opens the new provider", async () => {
    const { actor, windows, output } = start();
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "social.request", provider: "apple" });
    expect(actor.getSnapshot().context.provider).toBe("apple");
    await flush();
    await waitFor(actor, (s) => s.matches("open"));
    expect(windows).toHaveLength(2);
    actor.send({ type: "social.result", requestId: "r-1", code: "from the first" });
    expect(actor.getSnapshot().status).toBe("active");
    actor.send({ type: "social.result", requestId: "r-2", code: "from the second" });
    expect(output()).toEqual({ ok: true, provider: "apple", code: "from the second" });
  });

  it.each(["unauthorizedDomain", "denied", "emailTaken", "failed"] as const)("reports %s from the callback page", async (reason) => {
    const { actor, output } = start();
    await waitFor(actor, (s) => s.matches("open"));
    actor.send({ type: "social.failure", requestId: "r-1", reason });
    expect(output()).toEqual({ ok: false, provider: "google", failure: reason });
  });
});
