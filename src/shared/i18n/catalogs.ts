import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "../../../machines/shell/locale.machine.ts";

// One chunk per language: only the active locale's catalog is fetched.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../../locales/en/messages.po"),
  ar: () => import("../../../locales/ar/messages.po"),
};

export async function loadCatalog(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
}

export const directionOf = (locale: Locale): "rtl" | "ltr" => (locale === "ar" ? "rtl" : "ltr");

/** Makes a loaded catalog current and mirrors the page for right-to-left languages. */
export function activateLocale(locale: Locale): void {
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** The language to start in: the stored choice, else the browser's if we speak it, else English. */
export function initialLocale(stored: Locale | null, browserLanguages: readonly string[]): Locale {
  if (stored) return stored;
  return browserLanguages.some((tag) => tag.toLowerCase().startsWith("ar")) ? "ar" : "en";
}
