// npm run paths: generates the covering paths of every machine, prints coverage
// per machine, lists anything uncovered, and writes the Given/When/Then scenarios.
// Exits non-zero when a machine is not fully covered.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { docsDir, pathSetOf, scenarioFile } from "../tools/statecharts/artifacts.ts";
import { percent } from "../tools/statecharts/coverage.ts";
import { discoverMachines } from "../tools/statecharts/discover.ts";

const machines = await discoverMachines();
mkdirSync(docsDir, { recursive: true });
const header = ["machine", "states", "transitions", "guard branches", "paths", "steps", "time"];
const rows: string[][] = [];
const details: string[] = [];
let incomplete = 0;
for (const m of machines) {
  const started = performance.now();
  const set = pathSetOf(m);
  const ms = performance.now() - started;
  const [file, content] = scenarioFile(m, set);
  writeFileSync(join(docsDir, file), content);
  const c = set.coverage;
  const cell = (x: typeof c.states): string => `${x.covered}/${x.total} (${percent(x)})`;
  rows.push([
    m.name,
    cell(c.states),
    cell(c.transitions),
    cell(c.guardBranches),
    String(set.paths.length),
    String(set.paths.reduce((n, p) => n + p.steps.length, 0)),
    `${ms.toFixed(0)} ms`,
  ]);
  const uncovered = [
    ...c.states.uncovered.map((s) => `state ${s}`),
    ...c.transitions.uncovered.map((t) => `transition ${t}`),
    ...c.guardBranches.uncovered.map((g) => `guard branch ${g}`),
  ];
  if (uncovered.length) {
    incomplete++;
    details.push(`${m.name}: not covered:`, ...uncovered.map((u) => `  - ${u}`));
  }
  for (const note of set.notes) details.push(`${m.name}: note: ${note}`);
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]): string =>
  cells
    .map((c, i) => c.padEnd(widths[i]!))
    .join("  ")
    .trimEnd();
console.log(line(header));
for (const row of rows) console.log(line(row));
if (details.length) console.log(`\n${details.join("\n")}`);
console.log(`\nscenarios written to ${docsDir}`);
if (incomplete) {
  console.error(`${incomplete} machine(s) below 100% coverage`);
  process.exitCode = 1;
}
