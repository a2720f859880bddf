// The flake finder: runs a Vitest project (default e2e) N times and prints every test that failed at
// least once, with how often, and the time of each run. `--busy` keeps one core busy with a second
// process for the whole time, as CI's PostgreSQL suite beside `npm test` does.
//
//   npm run test:flaky                                   e2e, 5 runs
//   npm run test:flaky -- --runs 3 --busy                e2e, 3 runs, one core busy
//   npm run test:flaky -- --project server tests/server/auth --runs 10
//   npm run test:flaky -- tests/e2e/auth/session-end.test.ts -t "pending buy" --runs 20
//
// A test that failed once is a bug to fix (a wait for an event, a fake clock), never one to retry.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatSeconds, projects } from "./test-phases.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "5" },
    project: { type: "string", default: "e2e" },
    busy: { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    /** Only the tests whose full name matches (Vitest's -t). */
    filter: { type: "string", short: "t" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
if (!(projects as readonly string[]).includes(values.project)) throw new Error(`--project is one of ${projects.join(", ")}`);

interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/**
 * A process that keeps one core busy: the load a second suite beside this one makes. It ends when
 * killed, and by itself once this process is gone (however that ends: a SIGKILL leaves no handler
 * to run), so no stray loop outlives the finder.
 */
function burnCore(): ChildProcess {
  const loop = `const parent = ${process.pid};
for (;;) {
  for (let i = 0; i < 5e7; i++) Math.sqrt(i);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;
  return spawn(process.execPath, ["-e", loop], { stdio: "ignore" });
}

function vitest(outputFile: string): Promise<number | null> {
  const args = ["vitest", "run", "--project", values.project, ...positionals, "--reporter=json", `--outputFile=${outputFile}`];
  if (values.filter) args.push("-t", values.filter);
  if (!values.quiet) args.push("--reporter=dot");
  return new Promise((done) => {
    const child = spawn("npx", args, { stdio: ["ignore", "inherit", "inherit"] });
    child.once("close", done);
  });
}

const dir = mkdtempSync(join(tmpdir(), "sarraf-flaky-"));
const busy = values.busy ? burnCore() : null;
const stopBusy = () => busy?.kill("SIGKILL");
process.once("SIGINT", () => (stopBusy(), process.exit(130)));
process.once("SIGTERM", () => (stopBusy(), process.exit(143)));

/** Failures per test ("file › full name"), and the first message each gave. */
const failures = new Map<string, { count: number; message: string }>();
const times: string[] = [];
let testsPerRun = 0;
const started = performance.now();
try {
  for (let run = 1; run <= runs; run++) {
    const outputFile = join(dir, `run-${run}.json`);
    const runStarted = performance.now();
    const code = await vitest(outputFile);
    const seconds = (performance.now() - runStarted) / 1000;
    let report: JsonReport;
    try {
      report = JSON.parse(readFileSync(outputFile, "utf8")) as JsonReport;
    } catch {
      throw new Error(`run ${run}: Vitest wrote no report (exit ${code})`);
    }
    testsPerRun = Math.max(testsPerRun, report.numTotalTests);
    let failed = 0;
    const named: string[] = [];
    for (const file of report.testResults) {
      const relative = file.name.replace(`${process.cwd()}/`, "");
      // A file that failed outside any test (an import, a hook) has no failed assertion results.
      const failedTests = file.assertionResults.filter((test) => test.status === "failed");
      if (failedTests.length === 0 && file.message)
        failedTests.push({ fullName: "(the file itself: a hook or an import)", status: "failed", failureMessages: [file.message] });
      for (const test of failedTests) {
        failed++;
        const key = `${relative} › ${test.fullName}`;
        // The message's first lines (an assertion's diff included), indented under the test's name.
        const lines = (test.failureMessages?.[0] ?? "")
          .split("\n")
          .slice(0, 16)
          .map((line) => `         ${line.slice(0, 200)}`);
        named.push(`  ${key}\n${lines.join("\n")}`);
        const entry = failures.get(key) ?? { count: 0, message: (test.failureMessages?.[0] ?? "").split("\n")[0]!.slice(0, 200) };
        entry.count++;
        failures.set(key, entry);
      }
    }
    times.push(formatSeconds(seconds));
    console.log(
      `flaky: run ${run}/${runs}: ${report.numTotalTests} tests, ${failed} failed, ${formatSeconds(seconds)}${values.busy ? " (one core busy)" : ""}`,
    );
    // Named at once, so that a series stopped early still says what failed.
    for (const line of named) console.log(line);
  }
} finally {
  stopBusy();
  rmSync(dir, { recursive: true, force: true });
}

const total = (performance.now() - started) / 1000;
console.log(
  `\nFlake finder: project ${values.project}${positionals.length ? ` (${positionals.join(" ")})` : ""}, ${runs} runs of ${testsPerRun} tests${values.busy ? ", one core kept busy" : ""}`,
);
console.log(`Run times: ${times.join(", ")}; total ${formatSeconds(total)}`);
if (failures.size === 0) {
  console.log("No test failed.");
} else {
  console.log(`${failures.size} test(s) failed at least once:`);
  for (const [name, { count, message }] of [...failures].sort((a, b) => b[1].count - a[1].count))
    console.log(`  ${count}/${runs}  ${name}\n         ${message}`);
}
process.exit(failures.size === 0 ? 0 : 1);
