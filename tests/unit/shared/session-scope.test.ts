import { describe, expect, it } from "vitest";
import { createActor, createMachine } from "xstate";
import { createSessionScope } from "../../../src/shared/actors/session.ts";

const running = () => createActor(createMachine({ initial: "polling", states: { polling: {} } })).start();

describe("the signed-in session's scope", () => {
  it("stops every adopted actor when the session ends, but not one let go of before", () => {
    let stored: string | null = "token-a";
    const scope = createSessionScope(() => stored);
    const [kept, released] = [running(), running()];
    scope.adopt(kept);
    scope.adopt(released)();
    scope.end("token-a");
    expect(kept.getSnapshot().status).toBe("stopped");
    expect(released.getSnapshot().status).toBe("active");
    stored = null;
  });

  it("stops at once an actor adopted while the ended session's token is still stored (its logout under way)", () => {
    let stored: string | null = "token-a";
    const scope = createSessionScope(() => stored);
    scope.end("token-a");
    expect(scope.hasEnded("token-a")).toBe(true);
    const late = running();
    scope.adopt(late);
    expect(late.getSnapshot().status).toBe("stopped");

    // Signed out (nothing stored), or signed in again with a new token: actors run as usual.
    for (const next of [null, "token-b"]) {
      stored = next;
      const actor = running();
      scope.adopt(actor);
      expect(actor.getSnapshot().status).toBe("active");
    }
    expect(scope.hasEnded("token-b")).toBe(false);
  });

  it("ends the session named, not the one another tab has stored meanwhile (a switch of account)", () => {
    const scope = createSessionScope(() => "token-b");
    scope.end("token-a");
    expect(scope.hasEnded("token-a")).toBe(true);
    expect(scope.hasEnded("token-b")).toBe(false);
    const actor = running();
    scope.adopt(actor);
    expect(actor.getSnapshot().status).toBe("active");
  });
});
