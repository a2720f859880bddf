// The first render stays light: the app's start and the pages a visitor lands on evaluate no zod,
// no route table and no API client (they load with the first form or call), and each page's
// messages come in the catalog's parts it loads (tools/build/catalog-split.ts). `npm run bench:size`
// measures the bytes; this names the import that brought a heavy module back.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { firstRenderModules, valueImports } from "../../tools/lint/first-render.ts";
import { catalogParts, messageParts, projectCatalogParts } from "../../tools/build/catalog-split.ts";
import { getConfig } from "@lingui/conf";
import { getCatalogForFile, getCatalogs } from "@lingui/cli/api";

const root = resolve(import.meta.dirname, "../..");
const LANDING_PAGES = [
  "src/features/public/pages/HomePage.tsx",
  "src/features/public/pages/ContactPage.tsx",
  "src/features/blog/pages/BlogPage.tsx",
  "src/features/blog/pages/PostPage.tsx",
  "src/features/partners/pages/PartnerPage.tsx",
  "src/features/auth/pages/LoginPage.tsx",
  "src/features/dashboard/pages/DashboardPage.tsx",
  "src/features/market/pages/MarketPage.tsx",
  "src/features/market/pages/AssetPage.tsx",
];
const HEAVY = [/^zod(\/|$)/, /^ofetch$/, /^contract\/routes\.ts$/, /^contract\/routePaths\.ts$/, /^src\/shared\/api\/(client|typedCall|call)\.ts$/];

describe("the first render", () => {
  it("of the app's start and the landing pages evaluates no zod, route table or API client", () => {
    const reached = firstRenderModules(root, ["src/app/boot.tsx", ...LANDING_PAGES]);
    const heavy = [...reached].filter(([module]) => HEAVY.some((pattern) => pattern.test(module))).map(([, chain]) => chain.join(" → "));
    expect(heavy).toEqual([]);
  });

  it("follows value imports and re-exports, not type imports", () => {
    const text = [
      'import type { A } from "./types.ts";',
      'import { type B, c } from "./mixed.ts";',
      'import "./side-effect.css";',
      'export { d } from "./values.ts";',
      'export type { E } from "./types2.ts";',
      'export { type F } from "./types3.ts";',
      'const later = () => import("./lazy.ts");',
    ].join("\n");
    expect(valueImports(text)).toEqual(["./mixed.ts", "./side-effect.css", "./values.ts"]);
  });

  it("finds a heavy import and the chain that brought it", () => {
    // This repository before the fix: the page-view tracker took its address scrubbing from the
    // module with the page view's schema.
    const reached = firstRenderModules(root, ["contract/analytics.ts"]);
    expect(reached.get("zod")).toEqual(["contract/analytics.ts", "zod"]);
  });
});

describe("the catalog's parts", () => {
  it("put a message where its files are: the core's with the start, each page's with it", () => {
    const graph = new Map<string, string[]>([
      ["src/app/boot.tsx", ["src/app/routes.ts"]],
      ["src/app/prerender.tsx", ["src/app/routes.ts"]],
      ["src/app/routes.ts", ["src/shared/ui/Button.tsx", "src/features/blog/pages/BlogPage.tsx"]],
      ["src/features/blog/pages/BlogPage.tsx", ["src/features/blog/Card.tsx", "src/shared/ui/Button.tsx", "src/features/market/pages/MarketPage.tsx"]],
      ["src/features/market/pages/MarketPage.tsx", ["src/features/market/Table.tsx", "src/features/blog/Card.tsx"]],
      ["src/features/blog/Card.tsx", []],
      ["src/features/market/Table.tsx", []],
      ["src/shared/ui/Button.tsx", []],
      ["src/features/old/Unused.tsx", []],
    ]);
    const parts = catalogParts(graph);
    expect([...parts.core].sort()).toEqual(["src/app/boot.tsx", "src/app/prerender.tsx", "src/app/routes.ts", "src/shared/ui/Button.tsx"]);
    // A page stops at another page (loaded on its own, with its own part).
    expect([...parts.pages.get("src/features/blog/pages/BlogPage.tsx")!].sort()).toEqual([
      "src/features/blog/Card.tsx",
      "src/features/blog/pages/BlogPage.tsx",
    ]);
    const ids = messageParts(
      {
        button: { origin: [["src/shared/ui/Button.tsx", 3]] },
        card: { origin: [["src/features/blog/Card.tsx", 1]] },
        both: {
          origin: [
            ["src/features/market/Table.tsx", 1],
            ["src/shared/ui/Button.tsx", 9],
          ],
        },
        table: { origin: [["src/features/market/Table.tsx", 2]] },
        orphan: { origin: [["src/features/old/Unused.tsx", 1]] },
      },
      parts,
    );
    // What no page reaches stays in the core: shown wherever it is used.
    expect([...ids.core].sort()).toEqual(["both", "button", "orphan"]);
    expect(ids.unreached).toEqual(["orphan"]);
    expect([...ids.pages.get("src/features/blog/pages/BlogPage.tsx")!]).toEqual(["card"]);
    expect([...ids.pages.get("src/features/market/pages/MarketPage.tsx")!].sort()).toEqual(["card", "table"]);
  });

  it("of this app: every message is used by a file the start or a page reaches", async () => {
    const config = getConfig({ cwd: root, skipValidation: true });
    const { catalog } = getCatalogForFile("locales/en/messages.po", await getCatalogs(config))!;
    const ids = messageParts(await catalog.read("en"), projectCatalogParts(root));
    expect(ids.unreached).toEqual([]);
    // The dashboard's first render needs far from every message.
    const dashboard = ids.pages.get("src/features/dashboard/pages/DashboardPage.tsx")?.size ?? 0;
    expect(ids.core.size + dashboard).toBeLessThan(Object.keys(await catalog.read("en")).length / 2);
  });
});
