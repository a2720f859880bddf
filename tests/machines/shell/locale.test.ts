import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { localeMachine, type Locale } from "../../../machines/shell/locale.machine.ts";

function start(locale: Locale, load: (locale: Locale) => Promise<void>) {
  const effects = { applyLocale: vi.fn(), persistLocale: vi.fn(), reportLoadFailure: vi.fn(), load: vi.fn(load) };
  const machine = localeMachine.provide({
    actors: { loadCatalog: fromPromise(({ input }) => effects.load(input.locale)) },
    actions: {
      applyLocale: ({ context }) => effects.applyLocale(context.active),
      persistLocale: ({ context }) => effects.persistLocale(context.active),
      reportLoadFailure: effects.reportLoadFailure,
    },
  });
  return { actor: createActor(machine, { input: { locale } }).start(), effects };
}

describe("locale machine", () => {
  it("loads the starting catalog, then applies and persists it", async () => {
    const { actor, effects } = start("ar", () => Promise.resolve());
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await waitFor(actor, (state) => state.matches("ready"));
    expect(actor.getSnapshot().context.active).toBe("ar");
    expect(effects.applyLocale).toHaveBeenCalledWith("ar");
    expect(effects.persistLocale).toHaveBeenCalledWith("ar");
  });

  it("switches language on demand and ignores a switch to the active one", async () => {
    const { actor, effects } = start("en", () => Promise.resolve());
    await waitFor(actor, (state) => state.matches("ready"));
    actor.send({ type: "locale.change", locale: "en" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(effects.load).toHaveBeenCalledTimes(1);
    actor.send({ type: "locale.change", locale: "ar" });
    await waitFor(actor, (state) => state.matches("ready"));
    expect(effects.load).toHaveBeenLastCalledWith("ar");
    expect(actor.getSnapshot().context.active).toBe("ar");
  });

  it("keeps the active language when another fails to load", async () => {
    const { actor, effects } = start("en", (locale) => (locale === "ar" ? Promise.reject(new Error("chunk")) : Promise.resolve()));
    await waitFor(actor, (state) => state.matches("ready"));
    actor.send({ type: "locale.change", locale: "ar" });
    await waitFor(actor, (state) => state.matches("ready"));
    expect(actor.getSnapshot().context.active).toBe("en");
    expect(effects.reportLoadFailure).toHaveBeenCalledOnce();
    expect(effects.persistLocale).toHaveBeenCalledTimes(1);
  });

  it("fails without any catalog, and retries", async () => {
    let attempts = 0;
    const { actor } = start("en", () => (++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve()));
    await waitFor(actor, (state) => state.matches("failed"));
    expect(actor.getSnapshot().context.active).toBeNull();
    actor.send({ type: "locale.retry" });
    await waitFor(actor, (state) => state.matches("ready"));
    expect(actor.getSnapshot().context.active).toBe("en");
  });
});
