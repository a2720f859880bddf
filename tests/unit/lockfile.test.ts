// `npm ci` refuses a lockfile in which a package's optional dependency has no entry. That
// happens when the registry this machine reaches lacks a platform binary (npm install then
// drops it silently) — and it only shows on a fresh clone. Catch it here instead.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

type Entry = { version?: string; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, Entry>;
};

/** Node's lookup: the nearest node_modules folder up from the dependent package. */
function locate(from: string, dep: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`;
    if (candidate in lock.packages) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut >= 0 ? dir.slice(0, cut) : "";
  }
}

describe("package-lock.json", () => {
  it("is a v3 lockfile", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("records every optional dependency of every package, so npm ci accepts it", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        if (!locate(path, dep)) missing.push(`${path || "(root)"} → ${dep}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("holds a single rolldown, the one vite is built for", () => {
    const rolldowns = Object.keys(lock.packages).filter((p) => /(^|\/)node_modules\/rolldown$/.test(p));
    expect(rolldowns).toHaveLength(1);
  });
});
