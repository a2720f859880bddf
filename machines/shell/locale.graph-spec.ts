// Samples the statechart tools drive the locale machine with; only the tools import this file.
import type { MachineGraphSpec } from "../graph-spec.ts";
import type { Locale, LocaleEvent } from "./locale.machine.ts";

export const localeGraphSpec: MachineGraphSpec<{ locale: Locale }, LocaleEvent> = {
  inputs: [{ locale: "en" }],
  events: [{ type: "locale.change", locale: "ar" }, { type: "locale.change", locale: "en" }, { type: "locale.retry" }],
  actors: { loadCatalog: { done: [undefined], error: [new Error("chunk failed to load")] } },
};
