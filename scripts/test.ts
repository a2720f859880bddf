// `npm test`: every check and every Vitest project, each a phase whose wall time is printed at the
// end (and appended to $TEST_TIMES_FILE, which .ci/run prints with its own phases).
//
// The static checks run two at a time (each is mostly one thread; the machine has two cores).
// Then the Vitest projects run one after another, each in a Vitest of its own, so a slow project
// shows as such and the end-to-end files never share the machine with the server suite's CPU-bound
// files. Every phase runs even when an earlier one failed, so one CI run reports everything.
//
//   npm test                     everything
//   npm test -- server e2e       only the phases named (typecheck, lint, format, i18n, or a project)
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { checkProjects, formatTimes, projects, type Phase } from "./test-phases.ts";

checkProjects();

const staticChecks: Phase[] = [
  // TypeScript 7, the native compiler: the same checks as 5.9 in a third of the time (5.9 stays for
  // the tools that use its API: typescript-eslint, editors).
  { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
  { name: "lint", command: ["npx", "eslint", "."] },
  { name: "format", command: ["npx", "prettier", "--check", "--log-level", "warn", "."] },
  { name: "i18n", command: ["node", "--import", "tsx", "scripts/check-catalogs.ts"] },
];
const vitestPhases: Phase[] = projects.map((project) => ({ name: project, command: ["npx", "vitest", "run", "--project", project] }));

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => ![...staticChecks, ...vitestPhases].some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`unknown phase: ${unknown.join(", ")}`);
  process.exit(2);
}
const chosen = (phases: Phase[]) => phases.filter((phase) => wanted.length === 0 || wanted.includes(phase.name));

interface Result {
  name: string;
  seconds: number;
  ok: boolean;
}

/** Runs a phase; a parallel phase's output is held and printed whole when it ends, so lines never interleave. */
function run(phase: Phase, buffered: boolean): Promise<Result> {
  const started = performance.now();
  return new Promise((done) => {
    const [command, ...args] = phase.command;
    const child = spawn(command!, args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      if (buffered) {
        console.log(`── ${phase.name} ${ok ? "passed" : "FAILED"} (${seconds.toFixed(1)} s)`);
        const text = Buffer.concat(output).toString();
        if (text.trim()) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      }
      done({ name: phase.name, seconds, ok });
    });
  });
}

/** Runs phases `width` at a time, in order. */
async function pool(phases: Phase[], width: number): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  const worker = async () => {
    while (next < phases.length) results.push(await run(phases[next++]!, width > 1));
  };
  await Promise.all(Array.from({ length: Math.min(width, phases.length) }, worker));
  return phases.map((phase) => results.find((result) => result.name === phase.name)!);
}

const started = performance.now();
const results = [...(await pool(chosen(staticChecks), Math.max(1, Math.min(2, availableParallelism())))), ...(await pool(chosen(vitestPhases), 1))];
const total = { name: "npm test", seconds: (performance.now() - started) / 1000, ok: results.every((result) => result.ok) };

const table = formatTimes([...results, total]);
console.log(`\nPhase times:\n${table}`);
// TEST_PHASE_SUFFIX tells a second run's phases apart in the file (.ci/run: " · v20.20.2").
const suffix = process.env.TEST_PHASE_SUFFIX ?? "";
if (process.env.TEST_TIMES_FILE)
  appendFileSync(process.env.TEST_TIMES_FILE, results.map((r) => `${r.name}${suffix}\t${r.seconds.toFixed(1)}\t${r.ok ? "ok" : "FAILED"}\n`).join(""));
process.exit(total.ok ? 0 : 1);
