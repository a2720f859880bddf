import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { fromPromise } from "xstate";
import type { localeMachine } from "../../../../machines/shell/locale.machine.ts";
import { notifyError } from "../../../shared/adapters/notify.ts";
import type { AppStorage } from "../../../shared/adapters/storage.ts";
import { activateLocale, loadCatalog } from "../../../shared/i18n/catalogs.ts";
import { writeLocaleCookie } from "../../../shared/adapters/cookies.ts";

type LocaleImplementations = Parameters<typeof localeMachine.provide>[0];

/** What the locale machine does at its edges: the catalogs, `<html lang dir>`, and `lang` in storage (and in a cookie, for the server's HTML). */
export function localeImplementations({ storage }: { storage: AppStorage }) {
  return {
    actions: {
      applyLocale: ({ context }) => context.active && activateLocale(context.active),
      persistLocale: ({ context }) => {
        if (!context.active) return;
        storage.writeLocale(context.active);
        writeLocaleCookie(context.active);
      },
      reportLoadFailure: () => {
        if (i18n.locale) notifyError(i18n._(msg`The language could not be loaded. Check your connection and try again.`));
      },
    },
    actors: { loadCatalog: fromPromise(({ input }) => loadCatalog(input.locale)) },
  } satisfies LocaleImplementations;
}

// The route progress bar needs nothing from outside: its only effects are its own timers.
