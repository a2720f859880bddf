import { assign, fromPromise, setup } from "xstate";
import { isLocale, type Locale } from "../../contract/vocabulary.ts";

// The contract's one Locale, re-exported: the shell's code reads it beside the machine.
export { isLocale, type Locale };

export interface LocaleContext {
  /** The locale whose catalog is active, null until the first one loads. */
  active: Locale | null;
  /** The locale being loaded. */
  requested: Locale;
}

export type LocaleEvent = { type: "locale.change"; locale: Locale } | { type: "locale.retry" };

/** `loading` while a catalog loads; `failed` when none could (the app offers a retry). */
export type LocaleTag = "loading" | "failed";

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as { locale: Locale },
    tags: {} as LocaleTag,
  },
  guards: {
    isOtherLocale: ({ context, event }) => event.type === "locale.change" && event.locale !== context.active,
    hasActiveLocale: ({ context }) => context.active !== null,
  },
  actions: {
    request: assign({
      requested: ({ context, event }) => (event.type === "locale.change" ? event.locale : context.requested),
    }),
    commit: assign({ active: ({ context }) => context.requested }),
    // Filled in by the app: activate the catalog, set <html lang dir>, persist under `lang`.
    applyLocale: () => {},
    persistLocale: () => {},
    reportLoadFailure: () => {},
  },
  actors: {
    loadCatalog: fromPromise<void, { locale: Locale }>(async () => {}),
  },
}).createMachine({
  id: "locale",
  description: "Which language the app speaks; catalogs load on demand.",
  context: ({ input }) => ({ active: null, requested: input.locale }),
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      invoke: {
        id: "loadCatalog",
        src: "loadCatalog",
        input: ({ context }) => ({ locale: context.requested }),
        onDone: { target: "ready", actions: ["commit", "applyLocale", "persistLocale"] },
        onError: [
          { guard: "hasActiveLocale", target: "ready", actions: "reportLoadFailure" },
          { target: "failed", actions: "reportLoadFailure" },
        ],
      },
    },
    ready: {
      on: {
        "locale.change": [{ guard: "isOtherLocale", target: "loading", actions: "request" }, { description: "Already the active locale: nothing to load." }],
      },
    },
    failed: {
      tags: "failed",
      description: "No catalog could load; the view offers a retry.",
      on: {
        "locale.retry": "loading",
        "locale.change": { target: "loading", actions: "request" },
      },
    },
  },
});
