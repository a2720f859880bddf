// npm run diagrams: writes Mermaid, SCXML and SVG for every machine in machines/,
// plus the index, and removes files of machines that no longer exist.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diagramExtensions, diagramFiles, docsDir, indexFile, scenarioExtension } from "../tools/statecharts/artifacts.ts";
import { discoverMachines } from "../tools/statecharts/discover.ts";

const machines = await discoverMachines();
mkdirSync(docsDir, { recursive: true });
const names = new Set(machines.map((m) => m.name));
for (const file of readdirSync(docsDir)) {
  const ext = [...diagramExtensions, scenarioExtension].find((e) => file.endsWith(e));
  if (ext && !names.has(file.slice(0, -ext.length))) {
    rmSync(join(docsDir, file));
    console.log(`removed ${file}`);
  }
}
for (const m of machines) {
  for (const [file, content] of await diagramFiles(m)) writeFileSync(join(docsDir, file), content);
  console.log(`${m.name}: ${diagramExtensions.map((e) => m.name + e).join(", ")}`);
}
const [indexName, index] = indexFile(machines);
writeFileSync(join(docsDir, indexName), index);
if (!machines.length) console.log("no machines found in machines/**/*.machine.ts");
