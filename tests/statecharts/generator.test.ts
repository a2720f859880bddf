import { describe, expect, it } from "vitest";
import { assign, createMachine, fromPromise, setup, type AnyMachineSnapshot } from "xstate";
import { candidateSteps, snapshotKey } from "../../tools/statecharts/explore.ts";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { coverageReport, coverageTargets, isComplete, Observed } from "../../tools/statecharts/coverage.ts";
import { drive } from "../../tools/statecharts/driver.ts";
import { chartOf } from "../../tools/statecharts/model.ts";
import { dropPrefixes, generatePaths, type GeneratedPath } from "../../tools/statecharts/paths.ts";
import { runPath, runPaths } from "../../tools/statecharts/runner.ts";
import { toScenarios } from "../../tools/statecharts/scenarios.ts";
import { resolveSpec } from "../../tools/statecharts/spec.ts";
import { thinSamplesGraphSpec, thinSamplesMachine } from "./fixtures/broken.ts";
import { kitchenGraphSpec, kitchenMachine } from "./fixtures/kitchen.machine.ts";

const spec = resolveSpec(kitchenMachine, kitchenGraphSpec);
const set = generatePaths(kitchenMachine, spec);
const stepKeys = (p: GeneratedPath) => [p.start, ...p.steps.map((s) => JSON.stringify(s.step))].map(String);

describe("path generation on the fixture that uses every feature", () => {
  it("covers every state, every transition and both sides of every guard", () => {
    expect(set.coverage.states.uncovered).toEqual([]);
    expect(set.coverage.transitions.uncovered).toEqual([]);
    expect(set.coverage.guardBranches.uncovered).toEqual([]);
    expect(set.coverage.transitions.total).toBe(chartOf(kitchenMachine).transitions.length);
    expect(set.coverage.guardBranches.total).toBe(8);
  });

  it("measures the same coverage by running the paths as the generator predicted", () => {
    const run = runPaths(kitchenMachine, set.paths);
    expect(run.failures).toEqual([]);
    expect(isComplete(run.coverage)).toBe(true);
  });

  it("generates no path that is a prefix of another", () => {
    const keys = set.paths.map(stepKeys);
    for (const [i, a] of keys.entries()) {
      for (const [j, b] of keys.entries()) {
        if (i !== j) expect(a.length <= b.length && a.every((k, n) => b[n] === k)).toBe(false);
      }
    }
  });

  it("drives delays by the simulated clock, in the machine's own amounts", () => {
    const waits = set.paths.flatMap((p) => p.steps.filter((s) => s.step.kind === "wait").map((s) => (s.step as { ms: number }).ms));
    expect(new Set(waits)).toEqual(new Set([900_000, 60_000, 604_800_000]));
  });

  it("settles invoked actors with the GraphSpec samples, through XState's own done and error events", () => {
    const events = set.paths.flatMap((p) => p.steps.flatMap((s) => s.events));
    expect(events).toContain("xstate.done.actor.placeOrder");
    expect(events).toContain("xstate.error.actor.placeOrder");
  });

  it("takes the cycle-closing, timed and invoke transitions that shortest and simple paths miss", () => {
    // The same events, but paths from xstate/graph: each ends at the first visit of a state.
    const events = [...kitchenGraphSpec.events];
    const fromGraph = [
      ...getShortestPaths(kitchenMachine, { events, input: spec.inputs[0] as never }),
      ...getSimplePaths(kitchenMachine, { events, input: spec.inputs[0] as never }),
    ];
    const observed = new Observed();
    for (const path of fromGraph) {
      const driven = drive(kitchenMachine, spec.inputs[0]);
      observed.add(driven.start);
      for (const step of path.steps.slice(1)) observed.add(driven.apply({ kind: "event", event: step.event }));
      driven.stop();
    }
    const report = coverageReport(coverageTargets(chartOf(kitchenMachine)), observed);
    // A rejected edit changes nothing: a self-loop that closes a cycle, so no shortest or simple path takes it.
    expect(report.transitions.uncovered).toContain("kitchen.editing order.edit#1");
    // Nor can they take timers or invoke outcomes.
    expect(report.transitions.uncovered).toContain("kitchen.editing xstate.after.sessionTimeout.kitchen.editing#0");
    expect(report.transitions.uncovered).toContain("kitchen.submitting xstate.error.actor.placeOrder#0");
    expect(set.coverage.transitions.uncovered).toEqual([]);
  });
});

describe("the coverage check", () => {
  it("reports what thin samples cannot reach", () => {
    const thin = generatePaths(thinSamplesMachine, resolveSpec(thinSamplesMachine, thinSamplesGraphSpec));
    expect(thin.coverage.transitions.uncovered).toEqual(["thinSamples.idle pay#1"]);
    expect(thin.coverage.guardBranches.uncovered).toEqual(["thinSamples.idle pay#0:false"]);
    expect(thin.coverage.states.uncovered).toEqual(["thinSamples.done"]);
  });

  it("fails a path when the machine no longer does what the path expects", () => {
    const before = createMachine({ id: "m", initial: "a", states: { a: { on: { go: "b" } }, b: { on: { go: "a" } } } });
    const after = createMachine({ id: "m", initial: "a", states: { a: { on: { go: "b" } }, b: {}, c: {} } });
    const generated = generatePaths(before, resolveSpec(before, { events: [{ type: "go" }] }));
    const path = generated.paths[0]!;
    const run = runPath(after, path);
    expect(run.ok).toBe(false);
    expect(run.failures[0]).toMatch(/step 2 .*expected a .*got b/);
  });
});

describe("a machine without a GraphSpec", () => {
  it("is driven with events read off its transitions, and says so", () => {
    const machine = createMachine({ id: "bare", initial: "a", states: { a: { on: { "x.go": "b" } }, b: { on: { "x.back": "a" } } } });
    const derived = resolveSpec(machine, undefined);
    expect(derived.events).toEqual([{ type: "x.back" }, { type: "x.go" }]);
    expect(derived.notes[0]).toMatch(/no GraphSpec exported/);
    const generated = generatePaths(machine, derived);
    expect(isComplete(generated.coverage)).toBe(true);
    expect(generated.notes).toEqual(derived.notes);
  });
});

describe("dropPrefixes", () => {
  const path = (start: number, ...events: string[]): GeneratedPath => ({
    start,
    input: undefined,
    initial: { value: "a", status: "active", fired: [] },
    steps: events.map((type) => ({ step: { kind: "event", event: { type } }, value: "a", status: "active", fired: [], events: [] })),
  });

  it("drops prefixes and duplicates, and keeps paths from other starts", () => {
    const kept = dropPrefixes([path(0, "x"), path(0, "x", "y"), path(1, "x"), path(0, "x", "y"), path(0, "z")]);
    expect(kept.map((p) => `${p.start}:${p.steps.map((s) => (s.step as { event: { type: string } }).event.type).join("")}`)).toEqual(["0:xy", "1:x", "0:z"]);
  });
});

describe("a machine that fails", () => {
  it("is reported with where it failed and why", () => {
    const machine = createMachine({
      id: "failing",
      context: ({ input }: { input: { n: number } }) => ({ n: input.n }),
      initial: "a",
      states: {
        a: {
          on: {
            go: {
              target: "b",
              actions: () => {
                throw new Error("boom");
              },
            },
          },
        },
        b: {},
      },
    });
    const generated = generatePaths(machine, resolveSpec(machine, { inputs: [{ n: 1 }], events: [{ type: "go" }] }));
    expect(generated.notes).toContain('event go in "a": the machine fails with boom');
    const missingInput = generatePaths(machine, resolveSpec(machine, { events: [{ type: "go" }] }));
    expect(missingInput.notes.some((n) => n.startsWith("start with input undefined: the machine fails with"))).toBe(true);
  });
});

function wallet() {
  return createMachine({
    id: "wallet",
    types: {} as { context: { balance: bigint }; events: { type: "wallet.deposit"; amount: bigint } },
    context: { balance: 0n },
    initial: "empty",
    states: {
      empty: {
        on: {
          "wallet.deposit": [
            { guard: ({ event }) => event.amount > 0n, target: "funded", actions: assign({ balance: ({ event }) => event.amount }) },
            { description: "Nothing to deposit." },
          ],
        },
      },
      funded: { on: { "wallet.deposit": { actions: assign({ balance: ({ context, event }) => context.balance + event.amount }) } } },
    },
  });
}

describe("amounts as bigint", () => {
  it("are explored, compared and written like any other value", () => {
    const machine = wallet();
    const deposits = [
      { type: "wallet.deposit", amount: 5n },
      { type: "wallet.deposit", amount: 0n },
    ];
    const generated = generatePaths(machine, resolveSpec(machine, { events: deposits }));
    expect(generated.coverage.transitions.uncovered).toEqual([]);
    expect(generated.coverage.guardBranches.uncovered).toEqual([]);
    expect(runPaths(machine, generated.paths).failures).toEqual([]);
    expect(toScenarios(chartOf(machine), generated, "wallet.machine.ts")).toContain('`wallet.deposit` is sent with `{"amount":"5n"}`');
  });

  it("stop exploring within budget when context grows without bound and a target stays out of reach", () => {
    const machine = wallet();
    const started = performance.now();
    const onlyFive = [{ type: "wallet.deposit", amount: 5n }];
    const generated = generatePaths(machine, resolveSpec(machine, { events: onlyFive }));
    expect(performance.now() - started).toBeLessThan(4000);
    expect(generated.exploration.truncated).toBe("depth");
    expect(generated.coverage.guardBranches.uncovered).toEqual(["wallet.empty wallet.deposit#0:false"]);
    expect(generated.notes.join("\n")).toMatch(/exploration stopped at the depth limit/);
  });
});

describe("an invoke that fails without leaving its state", () => {
  // XState keeps the failed child in `children`; the generator must not treat it as still running.
  const machine = setup({
    actors: { watch: fromPromise(async () => {}), work: fromPromise(async () => {}) },
  }).createMachine({
    id: "deadChild",
    initial: "on",
    states: {
      on: {
        invoke: { id: "watch", src: "watch", onDone: ".stopped", onError: { description: "keep going without it" } },
        initial: "idle",
        states: {
          idle: { on: { go: "busy" } },
          busy: { invoke: { id: "work", src: "work", onDone: "idle", onError: "idle" } },
          stopped: { type: "final" },
        },
      },
    },
  });
  const graphSpec = { events: [{ type: "go" }], actors: { watch: { done: [1], error: [2] }, work: { done: [1], error: [2] } } };

  it("offers no step that settles the dead child, and keys its snapshot apart from the live one", () => {
    const resolved = resolveSpec(machine, graphSpec);
    const live = drive(machine, undefined);
    const dead = drive(machine, undefined);
    dead.apply({ kind: "error", invokeId: "watch", error: 2 });
    const settles = (d: typeof live) =>
      candidateSteps(d, resolved)
        .filter((s) => s.kind !== "event" && s.kind !== "wait")
        .map((s) => ("invokeId" in s ? s.invokeId : ""));
    expect(settles(live)).toContain("watch");
    expect(settles(dead)).not.toContain("watch");
    const key = (d: typeof live) => snapshotKey(d.actor.getSnapshot() as AnyMachineSnapshot, d.clock.pending());
    expect(key(dead)).not.toBe(key(live));
    live.stop();
    dead.stop();
  });

  it("never settles the dead child, so every generated path replays", () => {
    const generated = generatePaths(machine, resolveSpec(machine, graphSpec));
    const run = runPaths(machine, generated.paths);
    expect(run.failures).toEqual([]);
    expect(isComplete(run.coverage)).toBe(true);
  });
});
