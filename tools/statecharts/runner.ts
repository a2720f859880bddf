// Runs generated paths against the real machine (simulated clock, fake actor
// srcs) and checks, after the start and after every step, the state reached and
// the transitions that fired.
import { isDeepStrictEqual } from "node:util";
import type { AnyStateMachine } from "xstate";
import { coverageReport, coverageTargets, Observed, type CoverageReport } from "./coverage.ts";
import { drive } from "./driver.ts";
import { stableJson } from "./format.ts";
import { chartOf } from "./model.ts";
import type { GeneratedPath } from "./paths.ts";
import { describeStep, describeValue } from "./scenarios.ts";

export interface PathRun {
  ok: boolean;
  /** One line per mismatch: the step, what was expected and what happened. */
  failures: string[];
  observed: Observed;
}

export function runPath(machine: AnyStateMachine, path: GeneratedPath, observed = new Observed()): PathRun {
  const failures: string[] = [];
  const driven = drive(machine, path.input);
  try {
    observed.add(driven.start);
    const startValue = driven.start.value;
    if (!isDeepStrictEqual(startValue, path.initial.value)) {
      failures.push(`start: expected ${describeValue(path.initial.value)}, got ${describeValue(startValue)}`);
      return { ok: false, failures, observed };
    }
    path.steps.forEach((expected, i) => {
      if (failures.length) return;
      let effect;
      try {
        effect = driven.apply(expected.step);
      } catch (err) {
        failures.push(`step ${i + 1} (${describeStep(expected.step)}): ${(err as Error).message}`);
        return;
      }
      observed.add(effect);
      if (!isDeepStrictEqual(effect.value, expected.value) || effect.status !== expected.status) {
        failures.push(
          `step ${i + 1} (${describeStep(expected.step)}): expected ${describeValue(expected.value)} (${expected.status}), got ${describeValue(effect.value)} (${effect.status})`,
        );
      } else if (stableJson(effect.fired) !== stableJson(expected.fired)) {
        failures.push(`step ${i + 1} (${describeStep(expected.step)}): expected transitions ${expected.fired.join(", ")}, fired ${effect.fired.join(", ")}`);
      }
    });
  } finally {
    driven.stop();
  }
  return { ok: failures.length === 0, failures, observed };
}

/** Runs every path and measures coverage from what the machine did, not from what the generator predicted. */
export function runPaths(machine: AnyStateMachine, paths: GeneratedPath[]): { failures: string[]; coverage: CoverageReport } {
  const observed = new Observed();
  const failures: string[] = [];
  paths.forEach((path, i) => {
    const run = runPath(machine, path, observed);
    failures.push(...run.failures.map((f) => `path ${i + 1}: ${f}`));
  });
  return { failures, coverage: coverageReport(coverageTargets(chartOf(machine)), observed) };
}
