import { readFileSync } from "node:fs";
// What scripts/test.ts and scripts/test-flaky.ts share: the Vitest projects (vitest.config.ts) and
// how a table of phase times is printed.

/** The Vitest projects, in the order `npm test` runs them: quick ones first, so a broken build shows at once. */
export const projects = ["machines", "unit", "statecharts", "views", "server", "e2e"] as const;

/** The project names vitest.config.ts declares: a project added there and not above would silently never run. */
export function checkProjects(): void {
  const declared = [...readFileSync("vitest.config.ts", "utf8").matchAll(/\bname: "([^"]+)"/g)].map((match) => match[1]);
  const missing = declared.filter((name) => !(projects as readonly string[]).includes(name!));
  if (missing.length > 0) throw new Error(`vitest.config.ts declares projects scripts/test-phases.ts does not run: ${missing.join(", ")}`);
}

export interface Phase {
  name: string;
  command: string[];
}

export function formatTimes(rows: { name: string; seconds: number; ok: boolean }[]): string {
  const width = Math.max(...rows.map((row) => row.name.length));
  return rows.map((row) => `  ${row.name.padEnd(width)}  ${formatSeconds(row.seconds).padStart(8)}  ${row.ok ? "ok" : "FAILED"}`).join("\n");
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
}
