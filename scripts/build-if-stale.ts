import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// What the SPA build reads; a newer file here means dist/ no longer matches the source.
const inputs = ["src", "machines", "locales", "index.html", "vite.config.ts", "lingui.config.ts", "package-lock.json", "public"];
const stamp = join("dist", ".build-stamp");

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

export function isBuildStale(root = "."): boolean {
  const built = existsSync(join(root, stamp)) && existsSync(join(root, "dist", "index.html")) ? statSync(join(root, stamp)).mtimeMs : 0;
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

/** Builds the SPA when its sources changed since the last build; returns whether it built. */
export async function buildIfStale(root = "."): Promise<boolean> {
  if (!isBuildStale(root)) return false;
  const { build } = await import("vite");
  await build({ root, logLevel: "warn" });
  writeFileSync(join(root, stamp), new Date().toISOString());
  return true;
}
