// Serves the app's catalog in parts (tools/build/catalog-split.ts says which message goes where):
//   locales/<locale>/messages.po?part=core                 what every page needs, loaded at start
//   locales/<locale>/messages.po?part=<page module>        a page's own, loaded with its chunk
//   virtual:sarraf/page-catalogs                           each page's loaders, by module
// Only in a build: the development server and the tests serve the whole catalog as the core and
// no page parts, so a page never waits there for a part that a new message has not reached yet.
import type { Plugin } from "vite";
import { getConfig } from "@lingui/conf";
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from "@lingui/cli/api";
import { messageParts, projectCatalogParts, type CatalogMessage } from "./catalog-split.ts";

const PART = /[\\/]locales[\\/]([^/\\]+)[\\/]messages\.po\?part=(.+)$/;
export const PAGE_CATALOGS = "virtual:sarraf/page-catalogs";
const RESOLVED = `\0${PAGE_CATALOGS}`;

/** A page's part by its module: src/features/blog/pages/PostPage.tsx is blog-PostPage (no file extension, which plugins would take for source). */
export const pagePart = (module: string) =>
  module
    .replace(/^src\/features\//, "")
    .replace("/pages/", "-")
    .replace(/\.tsx$/, "");
/** The manifest key of a language's part: `core`, or a page's (pagePart). */
export const catalogPartKey = (locale: string, part: string) => `locales/${locale}/messages.po?part=${part}`;

export function splitCatalogs(): Plugin {
  let split = false;
  let root = process.cwd();
  let parts: Promise<{ locales: string[]; ids: ReturnType<typeof messageParts> | null }> | null = null;
  const linguiConfig = () => {
    const config = getConfig({ cwd: root, skipValidation: true });
    // lingui.config.ts names both; the types allow their absence.
    return { ...config, sourceLocale: config.sourceLocale ?? "en", fallbackLocales: config.fallbackLocales || {} };
  };

  const compute = () =>
    (parts ??= (async () => {
      const config = linguiConfig();
      if (!split) return { locales: config.locales, ids: null };
      const catalogs = await getCatalogs(config);
      const { catalog } = getCatalogForFile(`locales/${config.sourceLocale}/messages.po`, catalogs)!;
      const source = (await catalog.read(config.sourceLocale)) as Record<string, CatalogMessage>;
      return { locales: config.locales, ids: messageParts(source, projectCatalogParts(root)) };
    })());

  return {
    name: "sarraf:split-catalogs",
    enforce: "pre",
    configResolved(config) {
      split = config.command === "build";
      root = config.root;
    },
    resolveId(id) {
      return id === PAGE_CATALOGS ? RESOLVED : null;
    },
    async load(id) {
      if (id === RESOLVED) {
        const { locales, ids } = await compute();
        const pages = [...(ids?.pages.keys() ?? [])];
        const loaders = (page: string) =>
          `{ ${locales.map((locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(`/${catalogPartKey(locale, pagePart(page))}`)})`).join(", ")} }`;
        // Keyed as src/app/routes.ts names pages: from src/features/.
        return `export const pageCatalogs = {\n${pages.map((page) => `  ${JSON.stringify(page.replace(/^src\/features\//, ""))}: ${loaders(page)},`).join("\n")}\n};\n`;
      }
      const match = PART.exec(id);
      if (!match) return null;
      const [, locale, part] = match as unknown as [string, string, string];
      const config = linguiConfig();
      const catalogs = await getCatalogs(config);
      const file = `locales/${locale}/messages.po`;
      const { catalog } = getCatalogForFile(file, catalogs)!;
      this.addWatchFile(`${root}/${file}`);
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale });
      const { ids } = await compute();
      const page = [...(ids?.pages.keys() ?? [])].find((module) => pagePart(module) === part);
      const wanted = ids === null ? null : part === "core" ? ids.core : page && ids.pages.get(page);
      if (ids !== null && !wanted) throw new Error(`No catalog part ${part}`);
      const subset = wanted ? Object.fromEntries(Object.entries(messages).filter(([messageId]) => wanted.has(messageId))) : messages;
      const { source, errors } = createCompiledCatalog(locale, subset, { namespace: "es", pseudoLocale: config.pseudoLocale });
      if (errors.length > 0) throw new Error(`Catalog ${file}: ${errors.length} messages do not compile`);
      return { code: source, map: null, moduleType: "js" };
    },
  };
}
