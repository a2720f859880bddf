// Samples for the statechart tools live beside each machine in `<flow>.graph-spec.ts`, which only
// the tools import: test data cannot reach the app's bundle, whatever a minifier keeps.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { graphSpecFileOf, repoRoot } from "../../tools/statecharts/discover.ts";
import { machines } from "./machines.ts";

const sources = (dir: string) =>
  (readdirSync(join(repoRoot, dir), { recursive: true }) as string[])
    .map((file) => `${dir}/${file.split("\\").join("/")}`)
    .filter((file) => /\.tsx?$/.test(file));

describe("graph specs", () => {
  it.each(machines.map((m) => [m.name, m] as const))("%s: has its samples in the sibling graph-spec file", (_name, m) => {
    expect(m.graphSpecFile).toBe(graphSpecFileOf(m.file));
    expect(existsSync(join(repoRoot, m.graphSpecFile!))).toBe(true);
    expect(m.graphSpec).toBeDefined();
  });

  it("no machine module exports samples itself", async () => {
    for (const m of machines) {
      const mod = (await import(join(repoRoot, m.file))) as Record<string, unknown>;
      expect(
        Object.keys(mod).filter((name) => name.endsWith("GraphSpec")),
        m.file,
      ).toEqual([]);
    }
  });

  it("nothing the app builds from imports a graph-spec file", () => {
    const importers = [...sources("src"), ...sources("machines")].filter(
      (file) =>
        !file.endsWith(".graph-spec.ts") &&
        /from\s+["'][^"']*\.graph-spec(\.ts)?["']|import\(\s*["'][^"']*\.graph-spec/.test(readFileSync(join(repoRoot, file), "utf8")),
    );
    expect(importers).toEqual([]);
  });
});
