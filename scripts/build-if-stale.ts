import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// What the SPA build reads; a newer file here means dist/ no longer matches the source.
const inputs = ["src", "contract", "machines", "tools", "locales", "index.html", "vite.config.ts", "lingui.config.ts", "package-lock.json", "public"];
const stamp = join("dist", ".build-stamp");

/** The build-time settings (VITE_*) baked into the bundle; a different set means a rebuild too. */
export function buildSettings(env: NodeJS.ProcessEnv = process.env): string {
  const settings = Object.keys(env)
    .filter((key) => key.startsWith("VITE_"))
    .sort()
    .map((key) => `${key}=${env[key]}`);
  return JSON.stringify(settings);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

function readStamp(root: string): { mtime: number; settings: string } | null {
  const path = join(root, stamp);
  if (!existsSync(path) || !existsSync(join(root, "dist", "index.html"))) return null;
  const [, settings = ""] = readFileSync(path, "utf8").split("\n");
  return { mtime: statSync(path).mtimeMs, settings };
}

export function isBuildStale(root = "."): boolean {
  const built = readStamp(root);
  if (!built || built.settings !== buildSettings()) return true;
  return inputs.some((input) => newestMtime(join(root, input)) > built.mtime);
}

/** Builds the SPA (always a production build) when its sources or settings changed; returns whether it built. */
export async function buildIfStale(root = ".", { force = false, logLevel = "warn" as "warn" | "info" } = {}): Promise<boolean> {
  if (!force && !isBuildStale(root)) return false;
  const { build } = await import("vite");
  // Vite makes a development bundle when NODE_ENV says so (Vitest sets "test"): never for what we serve.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root, mode: "production", logLevel });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(join(root, stamp), `${new Date().toISOString()}\n${buildSettings()}\n`);
  return true;
}

// `npm run build`: always builds, and stamps dist/ so `npm start` knows it is current.
if (import.meta.url === `file://${process.argv[1]}`) await buildIfStale(".", { force: true, logLevel: "info" });
