import { i18n, type Messages } from "@lingui/core";
import { pageCatalogs } from "virtual:sarraf/page-catalogs";
import type { Locale } from "../../../machines/shell/locale.machine.ts";

type CatalogLoader = () => Promise<{ messages: Messages }>;

// One chunk per language: only the active locale's catalog is fetched. A build cuts it in parts
// (tools/build/catalog-plugin.ts): this core, which every page needs, and each page's own, loaded
// with the page (loadPageCatalog). The development server and the tests have the whole catalog here.
const loaders: Record<Locale, CatalogLoader> = {
  en: () => import("../../../locales/en/messages.po?part=core"),
  ar: () => import("../../../locales/ar/messages.po?part=core"),
};

/** The languages asked for so far, and the pages whose messages were: each page's part in each language. */
const languages = new Set<Locale>();
const pages = new Set<string>();
const loadedParts = new Map<string, Promise<void>>();

function loadPart(locale: Locale, page: string): Promise<void> {
  const load = (pageCatalogs as Partial<Record<string, Record<Locale, CatalogLoader>>>)[page]?.[locale];
  if (!load) return Promise.resolve();
  const key = `${locale} ${page}`;
  let loading = loadedParts.get(key);
  if (!loading) {
    loading = load().then(({ messages }) => i18n.load(locale, messages));
    // A part that failed to load is asked again next time.
    loading.catch(() => loadedParts.delete(key));
    loadedParts.set(key, loading);
  }
  return loading;
}

/** Loads a language's catalog: the core, and the part of every page loaded so far. */
export async function loadCatalog(locale: Locale): Promise<void> {
  languages.add(locale);
  const [{ messages }] = await Promise.all([loaders[locale](), ...[...pages].map((page) => loadPart(locale, page))]);
  i18n.load(locale, messages);
}

/** Loads a page's own messages (its module from src/features/, as src/app/routes.ts names it) in every language asked for. */
export async function loadPageCatalog(page: string): Promise<void> {
  pages.add(page);
  await Promise.all([...languages].map((locale) => loadPart(locale, page)));
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
