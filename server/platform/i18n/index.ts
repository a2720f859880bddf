import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { en, type MessageId } from "./messages.en.ts";
import { ar } from "./messages.ar.ts";

import { isLocale, locales, type Locale } from "../../../contract/vocabulary.ts";

export type { MessageId };
// The contract's one Locale: the server answers in the languages the SPA has.
export { isLocale, locales, type Locale };
export const DEFAULT_LOCALE: Locale = "en";
export const catalogs: Record<Locale, Record<MessageId, string>> = { en, ar };

// One instance per locale, built once: concurrent requests never switch a shared locale.
const instances = Object.fromEntries(
  locales.map((locale) => {
    const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    // Catalogs are plain strings; Lingui compiles them only in development unless told to.
    i18n.setMessagesCompiler(compileMessage);
    return [locale, i18n];
  }),
) as Record<Locale, I18n>;

export function translate(locale: Locale, id: MessageId, values?: Record<string, unknown>): string {
  return instances[locale]._(id, values);
}

/** Picks en or ar from an Accept-Language header, honouring q-values and regional tags (ar-EG). */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { base: tag.trim().toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { base } of ranges) {
    if (base === "*") return DEFAULT_LOCALE;
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
