// The viewer's module must load in a browser: nothing it imports, however deep,
// may be a node built-in or one of the node-only tools.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../tools/statecharts/discover.ts";

function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, spec] of source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gms)) {
    if (spec!.startsWith(".")) localImports(resolve(dirname(file), spec!), seen);
    else seen.add(spec!);
  }
  return seen;
}

describe("tools/statecharts/browser.ts", () => {
  const imports = [...localImports(join(repoRoot, "tools/statecharts/browser.ts"))];

  it("imports no node built-ins and no node-only tools", () => {
    expect(imports.filter((i) => i.startsWith("node:") || /\/(discover|artifacts|runner|ui-harness)\.ts$/.test(i))).toEqual([]);
  });

  it("depends only on xstate and elkjs outside this repository", () => {
    const packages = imports.filter((i) => !i.startsWith("/")).map((i) => i.split("/")[0]);
    expect([...new Set(packages)].sort()).toEqual(["elkjs", "xstate"]);
  });
});
