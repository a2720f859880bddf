import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react";
import type { Messages } from "@lingui/core";

// The legal documents are long: their texts are a catalog of their own, fetched with these pages,
// so they never weigh on any other page's first paint (lingui.config.ts names the two catalogs).
const loaders: Record<string, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../../../locales/en/legal.po"),
  ar: () => import("../../../../locales/ar/legal.po"),
};

const loaded = new Set<string>();

/** Whether the legal texts of the active language are in; loads them (merged into that language's messages) when not. */
export function useLegalCatalog(): boolean {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (loaded.has(locale) || !loaders[locale]) return;
    let current = true;
    void loaders[locale]().then(({ messages }) => {
      i18n.load(locale, messages);
      loaded.add(locale);
      if (current) setVersion((v) => v + 1);
    });
    return () => {
      current = false;
    };
  }, [i18n, locale]);
  return loaded.has(locale);
}
