// Finds every machine in machines/**/*.machine.ts (any feature folder) by its exports: `<flow>Machine`,
// and optionally `<flow>GraphSpec` and `<flow>LintAllow`. Those two live in the sibling
// `<file>.graph-spec.ts` (machines/auth/auth.graph-spec.ts beside auth.machine.ts), which only the
// tools import, so samples never reach the app; a machine module may still export them itself
// (the test fixtures do), but not both. Node-only.
import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AnyStateMachine } from "xstate";
import type { MachineGraphSpec } from "../../machines/graph-spec.ts";
import type { LintAllow } from "./lint.ts";

export interface DiscoveredMachine {
  /** The flow name: the export name without "Machine" (also the docs file name). */
  name: string;
  machine: AnyStateMachine;
  graphSpec?: MachineGraphSpec;
  lintAllow: LintAllow;
  /** Repository-relative path of the file it came from. */
  file: string;
  /** Repository-relative path of the sibling graph-spec file, when there is one. */
  graphSpecFile?: string;
}

export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export const machineSuffix = ".machine.ts";
export const graphSpecSuffix = ".graph-spec.ts";

/** The graph-spec file that belongs beside a machine file. */
export function graphSpecFileOf(machineFile: string): string {
  return machineFile.slice(0, -machineSuffix.length) + graphSpecSuffix;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === "object" && value !== null && "root" in value && "provide" in value && "getInitialSnapshot" in value;
}

/** One of `<name>GraphSpec` / `<name>LintAllow`, from the sibling or the machine module, never both. */
function exportOf(name: string, modules: { file: string; mod: Record<string, unknown> }[]): unknown {
  const found = modules.filter(({ mod }) => mod[name] !== undefined);
  if (found.length > 1) throw new Error(`${name} is exported by both ${found.map((f) => f.file).join(" and ")}: keep one, in the graph-spec file`);
  return found[0]?.mod[name];
}

/** Loads machines from files matching `*.machine.ts` in `dir` (default: the repo's machines/). */
export async function discoverMachines(dir = join(repoRoot, "machines")): Promise<DiscoveredMachine[]> {
  // Feature folders nest machines (machines/auth/auth.machine.ts): every depth is searched.
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(machineSuffix))
    .sort();
  const found: DiscoveredMachine[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const specPath = graphSpecFileOf(path);
    const modules = [{ file: relative(repoRoot, path), mod }];
    if (existsSync(specPath))
      modules.push({ file: relative(repoRoot, specPath), mod: (await import(pathToFileURL(specPath).href)) as Record<string, unknown> });
    for (const exportName of Object.keys(mod).sort()) {
      if (!exportName.endsWith("Machine") || !isMachine(mod[exportName])) continue;
      const name = exportName.slice(0, -"Machine".length);
      const machine: DiscoveredMachine = {
        name,
        machine: mod[exportName],
        graphSpec: exportOf(`${name}GraphSpec`, modules) as MachineGraphSpec | undefined,
        lintAllow: (exportOf(`${name}LintAllow`, modules) as LintAllow | undefined) ?? [],
        file: relative(repoRoot, path),
      };
      if (modules[1]) machine.graphSpecFile = modules[1].file;
      found.push(machine);
    }
  }
  return found;
}
