// Transition cover: paths from the machine's starts that, between them, fire
// every transition (cycle-closing ones, `after` timers and invoke outcomes
// included), take both sides of every guard and enter every state. Each path
// extends itself through the shortest route to the nearest step that covers
// something new, so paths stay short and none is a prefix of another.
import type { AnyStateMachine, StateValue } from "xstate";
import { coverageReport, coverageTargets, Observed, targetSets, type CoverageReport } from "./coverage.ts";
import type { PathStep, StepEffect } from "./driver.ts";
import { explore, type Edge, type Exploration, type ExploreOptions } from "./explore.ts";
import { stableJson } from "./format.ts";
import { chartOf } from "./model.ts";
import type { MachineSpec } from "./spec.ts";

export interface PathStepRecord {
  step: PathStep;
  /** The state the machine is expected to be in after the step. */
  value: StateValue;
  status: string;
  /** Transition ids the step fires, in order. */
  fired: string[];
  /** Event types the machine processed during the step (delayed and done events included). */
  events: string[];
}

export interface GeneratedPath {
  /** Index of the input (GraphSpec `inputs`) this path starts from. */
  start: number;
  input: unknown;
  initial: { value: StateValue; status: string; fired: string[] };
  steps: PathStepRecord[];
}

export interface PathSet {
  machineId: string;
  paths: GeneratedPath[];
  /** Coverage the paths reach according to the exploration; the runner re-measures it by running them. */
  coverage: CoverageReport;
  exploration: { vertices: number; edges: number; truncated: Exploration["truncated"] };
  notes: string[];
}

export interface GenerateOptions extends ExploreOptions {
  /** A path stops growing past this many steps and a new one starts (default 24). */
  maxSteps?: number;
}

function stepKey(step: PathStep): string {
  switch (step.kind) {
    case "event":
      return `e:${stableJson(step.event)}`;
    case "wait":
      return `w:${step.ms}`;
    default:
      return `${step.kind}:${step.invokeId}:${stableJson(step.kind === "done" ? step.output : step.error)}`;
  }
}

function record(edge: Edge, exploration: Exploration): PathStepRecord {
  const to = exploration.vertices[edge.to]!;
  return { step: edge.step, value: to.value, status: to.status, fired: edge.effect.fired, events: edge.effect.events };
}

/** Removes every path that is a prefix of another path from the same start. */
export function dropPrefixes(paths: GeneratedPath[]): GeneratedPath[] {
  const keys = paths.map((p) => [String(p.start), ...p.steps.map((s) => stepKey(s.step))]);
  return paths.filter(
    (_, i) =>
      !keys.some(
        (other, j) => j !== i && other.length >= keys[i]!.length && keys[i]!.every((k, n) => other[n] === k) && (other.length > keys[i]!.length || j < i),
      ),
  );
}

export function generatePaths(machine: AnyStateMachine, spec: MachineSpec, options: GenerateOptions = {}): PathSet {
  const maxSteps = options.maxSteps ?? 24;
  const chart = chartOf(machine);
  const targets = coverageTargets(chart);
  const sets = targetSets(targets);
  const exploration = explore(machine, spec, { ...options, until: sets });
  const observed = new Observed();
  const isNew = (effect: StepEffect): boolean => observed.isNew(effect, sets);

  /** Shortest route of edges from `from` whose last edge covers something new. */
  const nearestNew = (from: number): Edge[] | undefined => {
    const previous = new Map<number, Edge | null>([[from, null]]);
    const queue = [from];
    for (let i = 0; i < queue.length; i++) {
      const u = queue[i]!;
      for (const edge of exploration.out[u]!) {
        if (isNew(edge.effect)) {
          const route = [edge];
          for (let back = previous.get(u); back; back = previous.get(back.from)) route.unshift(back);
          return route;
        }
        if (!previous.has(edge.to)) {
          previous.set(edge.to, edge);
          queue.push(edge.to);
        }
      }
    }
    return undefined;
  };

  const paths: GeneratedPath[] = [];
  for (;;) {
    let best: { start: (typeof exploration.starts)[number]; route: Edge[] } | undefined;
    for (const start of exploration.starts) {
      if (isNew(start.effect)) {
        best = { start, route: [] };
        break;
      }
      const route = nearestNew(start.vertex);
      if (route && (!best || route.length < best.route.length)) best = { start, route };
    }
    if (!best) break;
    const { start } = best;
    observed.add(start.effect);
    const startVertex = exploration.vertices[start.vertex]!;
    const path: GeneratedPath = {
      start: start.index,
      input: start.input,
      initial: { value: startVertex.value, status: startVertex.status, fired: start.effect.fired },
      steps: [],
    };
    let at = start.vertex;
    for (let route = best.route.length ? best.route : nearestNew(at); route; route = nearestNew(at)) {
      if (path.steps.length > 0 && path.steps.length + route.length > maxSteps) break;
      for (const edge of route) {
        observed.add(edge.effect);
        path.steps.push(record(edge, exploration));
        at = edge.to;
      }
    }
    paths.push(path);
  }

  const notes = [...spec.notes, ...exploration.failures];
  if (exploration.truncated) {
    const why = { snapshots: "the snapshot limit", depth: "the depth limit", work: "the work limit" }[exploration.truncated];
    notes.push(
      `exploration stopped at ${why} (${exploration.vertices.length} snapshots) before covering everything: look for samples that never take a guard's other side, or context that grows without bound`,
    );
  }
  return {
    machineId: machine.id,
    paths: dropPrefixes(paths),
    coverage: coverageReport(targets, observed),
    exploration: { vertices: exploration.vertices.length, edges: exploration.edges.length, truncated: exploration.truncated },
    notes,
  };
}
