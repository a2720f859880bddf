declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

declare module "*.po?part=core" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** Each page's own part of the catalog, by page module from src/features/, in each language (tools/build/catalog-plugin.ts). */
declare module "virtual:sarraf/page-catalogs" {
  import type { Messages } from "@lingui/core";
  export const pageCatalogs: Record<string, Record<string, () => Promise<{ messages: Messages }>>>;
}
