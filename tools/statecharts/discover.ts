// Finds every machine in machines/**/*.machine.ts (any feature folder) by its exports: `<flow>Machine`,
// and optionally `<flow>GraphSpec` and `<flow>LintAllow`. Node-only.
import { readdirSync } from "node:fs";
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
}

export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === "object" && value !== null && "root" in value && "provide" in value && "getInitialSnapshot" in value;
}

/** Loads machines from files matching `*.machine.ts` in `dir` (default: the repo's machines/). */
export async function discoverMachines(dir = join(repoRoot, "machines")): Promise<DiscoveredMachine[]> {
  // Feature folders nest machines (machines/auth/auth.machine.ts): every depth is searched.
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".machine.ts"))
    .sort();
  const found: DiscoveredMachine[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    for (const exportName of Object.keys(mod).sort()) {
      if (!exportName.endsWith("Machine") || !isMachine(mod[exportName])) continue;
      const name = exportName.slice(0, -"Machine".length);
      found.push({
        name,
        machine: mod[exportName],
        graphSpec: mod[`${name}GraphSpec`] as MachineGraphSpec | undefined,
        lintAllow: (mod[`${name}LintAllow`] as LintAllow | undefined) ?? [],
        file: relative(repoRoot, path),
      });
    }
  }
  return found;
}
