import { describe, expect, it } from "vitest";
import { lintMachine, type LintAllow } from "../../tools/statecharts/lint.ts";
import { resolveSpec } from "../../tools/statecharts/spec.ts";
import { kitchenGraphSpec, kitchenMachine } from "./fixtures/kitchen.machine.ts";
import {
  noErrorMachine,
  noFallbackMachine,
  simpleGraphSpec,
  thinSamplesGraphSpec,
  thinSamplesMachine,
  trapMachine,
  unreachableMachine,
} from "./fixtures/broken.ts";
import { createMachine, fromPromise, type AnyStateMachine } from "xstate";
import type { MachineGraphSpec } from "../../machines/graph-spec.ts";

function lint(machine: AnyStateMachine, spec: MachineGraphSpec | undefined, allow: LintAllow = []) {
  return lintMachine(machine, resolveSpec(machine, spec), allow).map((p) => `${p.rule} @ ${p.at}`);
}

const goOnly: MachineGraphSpec = { events: [{ type: "go" }] };

describe("machine lint", () => {
  it("passes the fixture that uses every feature", () => {
    expect(lint(kitchenMachine, kitchenGraphSpec)).toEqual([]);
  });

  it("finds unreachable states", () => {
    expect(lint(unreachableMachine, simpleGraphSpec)).toEqual(["unreachable-state @ unreachable.orphan"]);
  });

  it("finds non-final states with no way out", () => {
    expect(lint(trapMachine, simpleGraphSpec)).toEqual(["no-way-out @ trap.stuck"]);
  });

  it("finds sample events that no state accepts, and handled events without samples", () => {
    const spec: MachineGraphSpec = { events: [{ type: "go" }, { type: "ghost.event" }] };
    expect(lint(unreachableMachine, spec)).toEqual([
      "unreachable-state @ unreachable.orphan",
      "event-accepted-nowhere @ ghost.event",
      "event-without-sample @ back",
    ]);
  });

  it("finds invokes without an error path", () => {
    expect(lint(noErrorMachine, simpleGraphSpec)).toContain("invoke-without-error @ noError.charging");
  });

  it("finds invokes with inline logic or without an explicit id", () => {
    const inline = createMachine({
      id: "inline",
      initial: "a",
      states: { a: { invoke: { src: fromPromise(async () => 1), onDone: "b", onError: "b" } }, b: { type: "final" } },
    });
    expect(lint(inline, { events: [] })).toEqual(["unnamed-invoke @ inline.a"]);
  });

  it("finds guarded choices without a fallback, for events and for always", () => {
    expect(lint(noFallbackMachine, goOnly)).toEqual(["guard-without-fallback @ noFallback.a go", "guard-without-fallback @ noFallback.b always"]);
  });

  it("accepts a machine's exceptions, and reports exceptions that no longer match anything", () => {
    const allow: LintAllow = [
      { rule: "guard-without-fallback", at: "noFallback.b always", reason: "waits for the condition" },
      { rule: "no-way-out", at: "noFallback.a", reason: "stale" },
    ];
    expect(lint(noFallbackMachine, goOnly, allow)).toEqual(["guard-without-fallback @ noFallback.a go", "unused-allow @ noFallback.a"]);
  });

  it("is clean on a machine whose only defect is thin samples (coverage catches that)", () => {
    expect(lint(thinSamplesMachine, thinSamplesGraphSpec)).toEqual([]);
  });
});
