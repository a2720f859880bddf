// Every generated path of every machine, run against the real machine with a
// simulated clock and faked invoked actors; each step checks the state reached.
import { describe, expect, it } from "vitest";
import { pathSetOf } from "../../tools/statecharts/artifacts.ts";
import { runPath } from "../../tools/statecharts/runner.ts";
import { describeStep, describeValue } from "../../tools/statecharts/scenarios.ts";
import { machines } from "./machines.ts";

describe.each(machines.map((m) => [m.name, m] as const))("%s", (_name, m) => {
  const set = pathSetOf(m);
  it("has generated paths", () => {
    expect(set.paths.length).toBeGreaterThan(0);
  });
  it.each(set.paths.map((path, i) => [i + 1, path] as const))("scenario %i", (_n, path) => {
    const summary = [describeValue(path.initial.value), ...path.steps.map((s) => `${describeStep(s.step)} → ${describeValue(s.value)}`)];
    const run = runPath(m.machine, path);
    expect(run.failures, summary.join("\n")).toEqual([]);
  });
});
