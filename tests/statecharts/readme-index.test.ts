// The README's machine index must name every machine in machines/ and link its diagram and
// scenarios, so a reviewer finds each chart from the front page.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../tools/statecharts/discover.ts";
import { machines } from "./machines.ts";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Machines"), readme.indexOf("\n## ", readme.indexOf("## Machines") + 1));
const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| machine") && !/^\|\s*-+\s*\|/.test(line));
const links = (row: string): string[] => [...row.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);

describe("README machine index", () => {
  it("has one row per machine and no row for a machine that is gone", () => {
    expect(rows.map((row) => row.split("|")[1]!.trim()).sort()).toEqual(machines.map((m) => m.name).sort());
  });

  it.each(machines.map((m) => [m.name, m] as const))("%s: links its source, SVG diagram and scenarios, which exist", (name, m) => {
    const row = rows.find((r) => r.split("|")[1]!.trim() === name)!;
    const targets = links(row);
    expect(targets).toEqual(expect.arrayContaining([m.file, `docs/statecharts/${name}.svg`, `docs/statecharts/${name}.paths.md`]));
    for (const target of targets) expect(existsSync(join(repoRoot, target)), target).toBe(true);
  });
});
