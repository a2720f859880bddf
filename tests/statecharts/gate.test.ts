// The gate over every machine in machines/: 100% coverage measured by running the
// generated paths, and a clean lint (minus the machine's own `<flow>LintAllow`).
import { describe, expect, it } from "vitest";
import { pathSetOf } from "../../tools/statecharts/artifacts.ts";
import { lintMachine } from "../../tools/statecharts/lint.ts";
import { runPaths } from "../../tools/statecharts/runner.ts";
import { resolveSpec } from "../../tools/statecharts/spec.ts";
import { machines } from "./machines.ts";

describe.each(machines.map((m) => [m.name, m] as const))("%s", (_name, m) => {
  it("passes the machine lint", () => {
    const problems = lintMachine(m.machine, resolveSpec(m.machine, m.graphSpec), m.lintAllow);
    expect(problems.map((p) => `${p.rule} @ ${p.at}: ${p.message}`)).toEqual([]);
  });

  it("reaches 100% of states, transitions and guard branches by running its generated paths", () => {
    const set = pathSetOf(m);
    const { failures, coverage } = runPaths(m.machine, set.paths);
    expect(failures).toEqual([]);
    expect(
      {
        states: coverage.states.uncovered,
        transitions: coverage.transitions.uncovered,
        guardBranches: coverage.guardBranches.uncovered,
      },
      set.notes.join("\n"),
    ).toEqual({ states: [], transitions: [], guardBranches: [] });
    // Generating the auth machine's paths takes seconds on a busy 2-core machine; its speed is bench:paths' to report.
  }, 60_000);
});
