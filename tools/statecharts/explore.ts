// Breadth-first exploration of a machine's reachable snapshots. From each
// snapshot it tries every sample event the configuration handles, the next timer,
// and every sample outcome of each running invoke, by replaying the route from
// the start (the real machine cannot be forked, and replay keeps the generator as
// honest as the runner).
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from "xstate";
import { activeNodeIds, candidatesFor, drive, type DrivenMachine, type PathStep, type StepEffect } from "./driver.ts";
import { stableJson } from "./format.ts";
import { Observed, type TargetSets } from "./coverage.ts";
import type { MachineSpec } from "./spec.ts";

export interface Vertex {
  id: number;
  key: string;
  value: StateValue;
  status: string;
  /** The edge that first reached this vertex, or the start it is. */
  via: { edge: number } | { start: number };
  depth: number;
}

export interface Edge {
  id: number;
  from: number;
  to: number;
  step: PathStep;
  effect: StepEffect;
}

export interface StartPoint {
  index: number;
  input: unknown;
  vertex: number;
  effect: StepEffect;
}

export interface Exploration {
  starts: StartPoint[];
  vertices: Vertex[];
  edges: Edge[];
  /** Edges leaving each vertex, by vertex id. */
  out: Edge[][];
  /** Why exploration stopped before it had seen everything it was looking for, if it did. */
  truncated: false | "snapshots" | "depth" | "work";
  /** Starts and steps after which the machine itself failed (status "error"), with its error. */
  failures: string[];
}

export interface ExploreOptions {
  /** Stop after this many distinct snapshots (default 2000). */
  maxVertices?: number;
  /** Expand no snapshot further than this many steps from a start (default 40). */
  maxDepth?: number;
  /**
   * Stop after applying this many steps in all (default 100000). Exploring
   * replays each route from the start, so an unbounded context (a counter) that
   * can never complete coverage would otherwise cost quadratic time. A count, not
   * a clock, so the output stays the same on every machine.
   */
  maxWork?: number;
  /**
   * Stop as soon as everything here has been observed. Context such as retry
   * counters can make the snapshot space unbounded; coverage needs only a route
   * to each transition, and breadth-first order keeps those routes shortest.
   */
  until?: TargetSets;
}

/**
 * Invoked children still running. XState keeps a child that failed under a targetless onError
 * in `children`, though it will never settle again: counting it would merge that snapshot
 * with one whose child is live, and paths would settle a dead child.
 */
function runningChildIds(snapshot: AnyMachineSnapshot): string[] {
  return Object.entries(snapshot.children)
    .filter(([, child]) => (child as { getSnapshot?: () => { status?: string } } | undefined)?.getSnapshot?.().status === "active")
    .map(([id]) => id)
    .sort();
}

/** What makes two snapshots behave alike: configuration, context, history, timers, children, status. */
export function snapshotKey(snapshot: AnyMachineSnapshot, pendingTimers: number[]): string {
  const history = Object.fromEntries(Object.entries(snapshot.historyValue ?? {}).map(([id, nodes]) => [id, (nodes as AnyStateNode[]).map((n) => n.id)]));
  return stableJson([snapshot.value, snapshot.context, history, pendingTimers, runningChildIds(snapshot), snapshot.status]);
}

function invokeSrcs(snapshot: AnyMachineSnapshot): Map<string, string> {
  const srcs = new Map<string, string>();
  for (const id of activeNodeIds(snapshot)) {
    const node = snapshot.machine.getStateNodeById(id) as AnyStateNode;
    for (const invoke of node.invoke) srcs.set(invoke.id, typeof invoke.src === "string" ? invoke.src : "(inline)");
  }
  return srcs;
}

/** The steps worth trying from where the driven machine is now. */
export function candidateSteps(driven: DrivenMachine, spec: MachineSpec): PathStep[] {
  const snapshot = driven.actor.getSnapshot() as AnyMachineSnapshot;
  if (snapshot.status !== "active") return [];
  const active = activeNodeIds(snapshot).map((id) => snapshot.machine.getStateNodeById(id) as AnyStateNode);
  const steps: PathStep[] = [];
  for (const event of spec.events) {
    if (active.some((node) => candidatesFor(node, event.type).length > 0)) steps.push({ kind: "event", event: event as EventObject });
  }
  const next = driven.clock.pending()[0];
  if (next !== undefined) steps.push({ kind: "wait", ms: next });
  const srcs = invokeSrcs(snapshot);
  for (const invokeId of runningChildIds(snapshot)) {
    const src = srcs.get(invokeId);
    if (src === undefined) continue;
    const samples = spec.actors[src];
    for (const output of samples?.done ?? []) steps.push({ kind: "done", invokeId, output });
    for (const error of samples?.error ?? []) steps.push({ kind: "error", invokeId, error });
  }
  return steps;
}

function stepName(step: PathStep): string {
  if (step.kind === "event") return `event ${step.event.type}`;
  if (step.kind === "wait") return `waiting ${step.ms} ms`;
  return `${step.kind} of ${step.invokeId}`;
}

function keyOf(driven: DrivenMachine): string {
  return snapshotKey(driven.actor.getSnapshot() as AnyMachineSnapshot, driven.clock.pending());
}

export function explore(machine: AnyStateMachine, spec: MachineSpec, options: ExploreOptions = {}): Exploration {
  const maxVertices = options.maxVertices ?? spec.maxSnapshots ?? 2000;
  const maxDepth = options.maxDepth ?? 40;
  const maxWork = options.maxWork ?? 100_000;
  let work = 0;
  const { until } = options;
  const seen = new Observed();
  const remaining = until ? until.states.size + until.transitions.size + until.guardBranches.size : Infinity;
  let found = 0;
  const observe = (effect: StepEffect): void => {
    if (!until) return;
    const mark = (ids: string[], wanted: Set<string>, got: Set<string>): void => {
      for (const id of ids) {
        if (wanted.has(id) && !got.has(id)) {
          got.add(id);
          found++;
        }
      }
    };
    mark(effect.visited, until.states, seen.states);
    mark(effect.fired, until.transitions, seen.transitions);
    mark(effect.guardBranches, until.guardBranches, seen.guardBranches);
  };
  const vertices: Vertex[] = [];
  const edges: Edge[] = [];
  const out: Edge[][] = [];
  const byKey = new Map<string, number>();
  const starts: StartPoint[] = [];
  let truncated: Exploration["truncated"] = false;
  const failures: string[] = [];
  const noteFailure = (driven: DrivenMachine, where: string): void => {
    const snapshot = driven.actor.getSnapshot() as AnyMachineSnapshot;
    if (snapshot.status !== "error") return;
    const error = snapshot.error instanceof Error ? snapshot.error.message : stableJson(snapshot.error);
    const line = `${where}: the machine fails with ${error}`;
    if (!failures.includes(line)) failures.push(line);
  };

  const addVertex = (driven: DrivenMachine, via: Vertex["via"], depth: number): number => {
    const key = keyOf(driven);
    const known = byKey.get(key);
    if (known !== undefined) return known;
    const snapshot = driven.actor.getSnapshot() as AnyMachineSnapshot;
    const id = vertices.length;
    vertices.push({ id, key, value: snapshot.value, status: snapshot.status, via, depth });
    out.push([]);
    byKey.set(key, id);
    return id;
  };

  const route = (vertex: number): { start: number; steps: PathStep[] } => {
    const steps: PathStep[] = [];
    let v = vertices[vertex]!;
    while ("edge" in v.via) {
      const edge = edges[v.via.edge]!;
      steps.unshift(edge.step);
      v = vertices[edge.from]!;
    }
    return { start: v.via.start, steps };
  };

  const reach = (vertex: number): DrivenMachine => {
    const { start, steps } = route(vertex);
    const driven = drive(machine, spec.inputs[start]);
    for (const step of steps) driven.apply(step);
    work += steps.length + 1;
    return driven;
  };

  spec.inputs.forEach((input, index) => {
    const driven = drive(machine, input);
    const vertex = addVertex(driven, { start: index }, 0);
    starts.push({ index, input, vertex, effect: driven.start });
    noteFailure(driven, `start with input ${stableJson(input)}`);
    observe(driven.start);
    driven.stop();
  });

  const expand = (v: number): void => {
    let probe: DrivenMachine | undefined = reach(v);
    const steps = candidateSteps(probe, spec);
    if (!steps.length) probe.stop();
    for (const step of steps) {
      const driven = probe ?? reach(v);
      probe = undefined;
      const effect = driven.apply(step);
      work++;
      if (!byKey.has(keyOf(driven)) && vertices.length >= maxVertices) {
        truncated = "snapshots";
        driven.stop();
        continue;
      }
      const to = addVertex(driven, { edge: edges.length }, vertices[v]!.depth + 1);
      noteFailure(driven, `${stepName(step)} in ${stableJson(vertices[v]!.value)}`);
      driven.stop();
      // A step that changes nothing and observes nothing is not a transition worth a path.
      if (to === v && !effect.fired.length && !effect.guardBranches.length) continue;
      const edge: Edge = { id: edges.length, from: v, to, step, effect };
      edges.push(edge);
      out[v]!.push(edge);
      observe(effect);
    }
  };
  const expandable = (v: number): boolean => {
    if (vertices[v]!.status !== "active") return false;
    if (work >= maxWork) truncated = "work";
    else if (vertices[v]!.depth >= maxDepth) truncated = "depth";
    else return true;
    return false;
  };
  let v = 0;
  for (; v < vertices.length && found < remaining && !truncated; v++) if (expandable(v)) expand(v);
  if (found >= remaining) {
    // Everything is observed. The snapshots found but not yet expanded still get
    // their edges (one level further, no more), so paths can go on from them.
    for (const end = vertices.length; v < end && work < maxWork; v++) if (vertices[v]!.status === "active") expand(v);
  }
  return { starts, vertices, edges, out, truncated, failures };
}
