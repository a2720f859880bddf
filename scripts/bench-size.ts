import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "./build-if-stale.ts";
import { closure, firstRenderKeys } from "../tools/build/pages.ts";

// Prints what the home route needs before its first paint (its prerendered HTML, styles inline:
// no script or stylesheet blocks that paint), the gzip size of the JavaScript it loads to become
// interactive (hydration), and of every chunk; flags any chunk with Firebase code that loads
// before a Firebase feature is used.
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const budgetKb = 100;
await buildIfStale();
const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8")) as Manifest;
// To become interactive the app needs its entry, its boot stages, the page's chunk and the active language's catalog.
const homeRoute = firstRenderKeys(manifest, "src/features/public/pages/HomePage.tsx", "en");
const gzipKb = (file: string) => gzipSync(readFileSync(join("dist", file)), { level: 9 }).length / 1024;

const staticClosure = (keys: string[]) => closure(manifest, keys);

function hasFirebase(file: string): boolean {
  const map = join("dist", `${file}.map`);
  if (!existsSync(map)) return /firebase/i.test(readFileSync(join("dist", file), "utf8"));
  const sources = (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources;
  return sources.some((source) => /node_modules\/(@firebase|firebase)\//.test(source));
}

const home = staticClosure(homeRoute);
const homeFiles = [...home].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
const homeKb = homeFiles.reduce((sum, file) => sum + gzipKb(file), 0);

console.log("Chunks (gzip KB):");
const jsFiles = readdirSync(join("dist", "assets"))
  .filter((name) => name.endsWith(".js"))
  .map((name) => `assets/${name}`);
for (const file of jsFiles.sort((a, b) => gzipKb(b) - gzipKb(a))) {
  const marks = [homeFiles.includes(file) ? "home" : "", hasFirebase(file) ? "firebase" : ""].filter(Boolean).join(", ");
  console.log(`  ${gzipKb(file).toFixed(2).padStart(8)}  ${file}${marks ? `  [${marks}]` : ""}`);
}
const firebaseBeforePaint = homeFiles.filter(hasFirebase);
const entryFirebase = [...staticClosure(["index.html"])].map((key) => manifest[key]!.file).filter(hasFirebase);
// Before first paint: the HTML as served (Brotli), and anything in it that blocks rendering.
const homeHtml = join("dist", ".pages", "en", "home.html");
const html = readFileSync(homeHtml, "utf8");
const blocking = [...html.matchAll(/<link rel="stylesheet"[^>]*>|<script(?![^>]*type="module")(?![^>]*type="application\/json")[^>]*>/g)].map((m) => m[0]);
const paintKb = readFileSync(`${homeHtml}.br`).length / 1024;
console.log(
  `\nHome route '/' before first paint: ${paintKb.toFixed(2)} KB (its HTML, Brotli, styles inline; render-blocking requests: ${blocking.length === 0 ? "none" : blocking.join(" ")}) (budget ${budgetKb} KB)`,
);
console.log(
  `Home route '/' JavaScript to become interactive (hydrate): ${homeKb.toFixed(2)} KB gzip in ${homeFiles.length} files, loaded after the first paint${homeKb > budgetKb ? ` (over the ${budgetKb} KB the budget used to count here by ${(homeKb - budgetKb).toFixed(2)} KB)` : ""}`,
);
console.log(`Firebase code in chunks loaded before first paint: ${firebaseBeforePaint.length === 0 ? "none" : firebaseBeforePaint.join(", ")}`);
console.log(`Firebase code in the entry's static imports (every route): ${entryFirebase.length === 0 ? "none" : entryFirebase.join(", ")}`);

// Signed-in routes: their HTML paints first (the layout's shell as built; for /dashboard and /market
// the server draws the page with the user's data into it); then the JavaScript of the app's first render.
const signedInBudgetKb = 150;
let signedInOver = false;
for (const [route, module, page] of [
  ["/dashboard", "src/features/dashboard/pages/DashboardPage.tsx", "dashboard"],
  ["/market", "src/features/market/pages/MarketPage.tsx", "market"],
  ["/market/:symbol", "src/features/market/pages/AssetPage.tsx", "market_symbol"],
] as const) {
  const files = [...staticClosure(firstRenderKeys(manifest, module, "en"))].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  // A page with a parameter has no layout shell: its plain HTML (the app's skeleton) paints first.
  const shell = [`${page}.shell.html.br`, `${page}.html.br`].map((name) => join("dist", ".pages", "en", name)).find((path) => existsSync(path));
  const shellKb = shell ? readFileSync(shell).length / 1024 : null;
  const total = kb + (shellKb ?? 0);
  signedInOver ||= total > signedInBudgetKb;
  console.log(
    `${route} (signed in): ${shellKb === null ? "no HTML" : `${shellKb.toFixed(2)} KB HTML as built (Brotli)`}; JavaScript of the app's first render ${kb.toFixed(2)} KB gzip in ${files.length} files; together ${total.toFixed(2)} KB (budget ${signedInBudgetKb} KB)`,
  );
}

// The chart library: only in chunks that pages load on demand to draw a chart, never in a page's first render.
const chartChunks = jsFiles.filter((file) => {
  const map = join("dist", `${file}.map`);
  return (
    existsSync(map) &&
    (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources.some((source) => source.includes("node_modules/lightweight-charts/"))
  );
});
const pageModules = Object.keys(manifest).filter((key) => /^src\/features\/[^/]+\/pages\//.test(key));
const chartInFirstRender = pageModules.filter((module) =>
  [...staticClosure(firstRenderKeys(manifest, module, "en"))].some((key) => chartChunks.includes(manifest[key]!.file)),
);
const chartLoaders = Object.entries(manifest)
  .filter(([, chunk]) => chunk.dynamicImports?.some((key) => chartChunks.includes(manifest[key]?.file ?? "")))
  .map(([key]) => key);
console.log(
  `Chart library (lightweight-charts) chunks: ${chartChunks.map((file) => `${file} ${gzipKb(file).toFixed(2)} KB`).join(", ") || "none"}; loaded on demand by: ${chartLoaders.join(", ") || "nothing"}; in a page's first render: ${chartInFirstRender.length === 0 ? "none" : chartInFirstRender.join(", ")}`,
);

if (paintKb > budgetKb || blocking.length > 0 || firebaseBeforePaint.length > 0 || entryFirebase.length > 0 || signedInOver || chartInFirstRender.length > 0) {
  console.log("OVER BUDGET");
  process.exitCode = 1;
}
