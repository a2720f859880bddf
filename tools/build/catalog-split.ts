// The app's catalog (locales/<locale>/messages.po) in parts, so a page's first render loads only
// the messages it can show: the core (whatever the app starts with: the shell, its layouts, the
// shared parts and the routes' titles) and, per page, the messages of that page's own modules. A
// message belongs to the files that use it (the catalog's #: origins); a file belongs to the core
// when src/app/boot.tsx or src/app/prerender.tsx reaches it without passing through a page, else to
// every page that reaches it (through static or dynamic imports). One catalog stays the source for
// translators: the parts are cut from it at build time.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { importGraph } from "../lint/import-cycles.ts";

/** A page module (src/app/routes.ts loads each on demand; they are found by this pattern). */
export const PAGE_MODULE = /^src\/features\/[^/]+\/pages\/[^/]+Page\.tsx$/;
/** What the app starts from, in the browser and in Node. */
export const CORE_ROOTS = ["src/app/boot.tsx", "src/app/prerender.tsx"];

export interface CatalogParts {
  /** Files whose messages every page needs. */
  core: Set<string>;
  /** Per page module (from the root), the files only it (and other pages) need. */
  pages: Map<string, Set<string>>;
}

/** The parts, from an import graph whose nodes are paths relative to the project's root. */
export function catalogParts(graph: ReadonlyMap<string, readonly string[]>): CatalogParts {
  const reach = (start: string, stop: (file: string) => boolean) => {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const next of graph.get(file) ?? []) if (!stop(next)) queue.push(next);
    }
    return seen;
  };
  const core = new Set(CORE_ROOTS.flatMap((root) => [...reach(root, (file) => PAGE_MODULE.test(file))]));
  const pages = new Map<string, Set<string>>();
  for (const page of [...graph.keys()].filter((file) => PAGE_MODULE.test(file)).sort())
    pages.set(page, new Set([...reach(page, (file) => file !== page && PAGE_MODULE.test(file))].filter((file) => !core.has(file))));
  return { core, pages };
}

const SOURCE = /\.tsx?$/;
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The parts of the project at `root` (its src, contract and machines). */
export function projectCatalogParts(root: string): CatalogParts {
  const files = ["src", "contract", "machines"].flatMap((folder) => filesUnder(join(root, folder)));
  const graph = new Map([...importGraph(files)].map(([file, imports]) => [relative(root, file), imports.map((target) => relative(root, target))]));
  return catalogParts(graph);
}

export interface CatalogMessage {
  /** Files that use it, from the catalog's origins. */
  origin?: readonly (readonly [string, number?] | readonly [string])[];
}

/**
 * Which message ids go in which part: the core's are those any core file uses, and those no page
 * reaches (safe: shown wherever they are used); a page's are the rest that its files use.
 */
export function messageParts(
  messages: Record<string, CatalogMessage>,
  parts: CatalogParts,
): { core: Set<string>; pages: Map<string, Set<string>>; unreached: string[] } {
  const core = new Set<string>();
  const pages = new Map<string, Set<string>>([...parts.pages.keys()].map((page) => [page, new Set<string>()]));
  const unreached: string[] = [];
  for (const [id, message] of Object.entries(messages)) {
    const files = (message.origin ?? []).map(([file]) => file);
    if (files.some((file) => parts.core.has(file))) {
      core.add(id);
      continue;
    }
    const inPages = [...parts.pages].filter(([, pageFiles]) => files.some((file) => pageFiles.has(file))).map(([page]) => page);
    if (inPages.length === 0) {
      unreached.push(id);
      core.add(id);
    }
    for (const page of inPages) pages.get(page)!.add(id);
  }
  for (const [page, ids] of pages) if (ids.size === 0) pages.delete(page);
  return { core, pages, unreached };
}
