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
  // Prerendering at build time has no document: the page's HTML carries lang and dir itself.
  if (typeof document === "undefined") return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/**
 * The language to start in: the address's own (`?lang=`, a link to one language's page), else the
 * stored choice, else the one the server chose for this page's HTML (from the cookie or
 * Accept-Language), else the browser's if we speak it, else English.
 */
export function initialLocale(
  stored: Locale | null,
  browserLanguages: readonly string[],
  served: Locale | null = null,
  addressed: Locale | null = null,
): Locale {
  if (addressed) return addressed;
  if (stored) return stored;
  if (served) return served;
  return browserLanguages.some((tag) => tag.toLowerCase().startsWith("ar")) ? "ar" : "en";
}
