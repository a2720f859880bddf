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
if (paintKb > budgetKb || blocking.length > 0 || firebaseBeforePaint.length > 0 || entryFirebase.length > 0) {
  console.log("OVER BUDGET");
  process.exitCode = 1;
}
