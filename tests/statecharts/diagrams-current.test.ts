// The committed diagrams and scenarios under docs/statecharts must be exactly what
// the machines produce now: regenerated in memory and compared byte for byte.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagramExtensions, diagramFiles, docsDir, indexFile, scenarioExtension, scenarioFile } from "../../tools/statecharts/artifacts.ts";
import { machines } from "./machines.ts";

const committed = (file: string): string | undefined => {
  const path = join(docsDir, file);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};

describe.each(machines.map((m) => [m.name, m] as const))("%s", (_name, m) => {
  it("has current diagrams (run `npm run diagrams` and commit docs/statecharts)", async () => {
    for (const [file, content] of await diagramFiles(m)) {
      expect(committed(file) === content, `docs/statecharts/${file} is stale or missing`).toBe(true);
    }
  });

  it("has current scenarios (run `npm run paths` and commit docs/statecharts)", () => {
    const [file, content] = scenarioFile(m);
    expect(committed(file) === content, `docs/statecharts/${file} is stale or missing`).toBe(true);
  });
});

describe("docs/statecharts", () => {
  it("has an index of the current machines and no files of removed ones", () => {
    const [file, content] = indexFile(machines);
    expect(committed(file) === content, "docs/statecharts/README.md is stale: run `npm run diagrams`").toBe(true);
    const names = new Set(machines.map((m) => m.name));
    const orphans = existsSync(docsDir)
      ? readdirSync(docsDir).filter((f) => {
          const ext = [...diagramExtensions, scenarioExtension].find((e) => f.endsWith(e));
          return ext !== undefined && !names.has(f.slice(0, -ext.length));
        })
      : [];
    expect(orphans).toEqual([]);
  });
});
