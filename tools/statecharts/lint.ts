// Structural checks every machine must pass. A machine that needs an exception
// exports `<flow>LintAllow`, naming the rule, the state or transition, and why.
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { candidatesFor } from "./driver.ts";
import { chartOf, nodeIndex, type Chart, type ChartNode } from "./model.ts";
import type { MachineSpec } from "./spec.ts";

export type LintRule =
  | "unreachable-state"
  | "no-way-out"
  | "event-accepted-nowhere"
  | "event-without-sample"
  | "invoke-without-error"
  | "unnamed-invoke"
  | "guard-without-fallback"
  | "unused-allow";

export interface LintProblem {
  rule: LintRule;
  /** The state node id (or `<state id> <event>` for a transition list) the problem is at. */
  at: string;
  message: string;
}

export type LintAllow = readonly { rule: LintRule; at: string; reason: string }[];

/** States that some sequence of transitions can enter, ignoring guards. */
function reachableStates(chart: Chart): Set<string> {
  const nodes = nodeIndex(chart);
  const reached = new Set<string>();
  const queue: string[] = [];
  const enter = (id: string): void => {
    const node = nodes.get(id);
    if (!node || reached.has(id)) return;
    reached.add(id);
    queue.push(id);
    if (node.parentId) enter(node.parentId);
    if (node.kind === "compound" && node.initialId) enter(node.initialId);
    if (node.kind === "parallel") node.childIds.forEach(enter);
    if (node.kind === "history") (node.defaultIds ?? []).forEach(enter);
  };
  enter(chart.rootId);
  const bySource = new Map<string, string[]>();
  for (const t of chart.transitions) bySource.set(t.sourceId, [...(bySource.get(t.sourceId) ?? []), ...t.targetIds]);
  for (let i = 0; i < queue.length; i++) (bySource.get(queue[i]!) ?? []).forEach(enter);
  return reached;
}

function ancestry(nodes: Map<string, ChartNode>, id: string): ChartNode[] {
  const chain: ChartNode[] = [];
  for (let n = nodes.get(id); n; n = n.parentId ? nodes.get(n.parentId) : undefined) chain.push(n);
  return chain;
}

export function lintMachine(machine: AnyStateMachine, spec: MachineSpec, allow: LintAllow = []): LintProblem[] {
  const chart = chartOf(machine);
  const nodes = nodeIndex(chart);
  const problems: LintProblem[] = [];
  const stateNode = (id: string): AnyStateNode => machine.getStateNodeById(id) as AnyStateNode;

  const reachable = reachableStates(chart);
  for (const node of chart.nodes) {
    if (!reachable.has(node.id)) problems.push({ rule: "unreachable-state", at: node.id, message: `no transition or initial state leads to ${node.id}` });
  }

  const leaving = new Set(chart.transitions.filter((t) => t.targetIds.length > 0).map((t) => t.sourceId));
  for (const node of chart.nodes) {
    if (node.kind !== "atomic") continue;
    if (!ancestry(nodes, node.id).some((n) => leaving.has(n.id))) {
      problems.push({ rule: "no-way-out", at: node.id, message: `${node.id} is not final, yet no transition leaves it` });
    }
  }

  const allNodes = chart.nodes.map((n) => stateNode(n.id));
  const sampled = new Set(spec.events.map((e) => e.type));
  for (const type of [...sampled].sort()) {
    if (!allNodes.some((n) => candidatesFor(n, type).length > 0)) {
      problems.push({ rule: "event-accepted-nowhere", at: type, message: `sample event ${type} is handled by no state` });
    }
  }
  for (const t of chart.transitions) {
    if (t.kind !== "event" || t.eventType.includes("*") || sampled.has(t.eventType)) continue;
    if (!problems.some((p) => p.rule === "event-without-sample" && p.at === t.eventType)) {
      problems.push({ rule: "event-without-sample", at: t.eventType, message: `${t.eventType} is handled but the GraphSpec has no sample of it` });
    }
  }

  for (const node of chart.nodes) {
    for (const invoke of node.invokes) {
      const errorType = `xstate.error.actor.${invoke.id}`;
      const handled = ancestry(nodes, node.id).some((n) => candidatesFor(stateNode(n.id), errorType).some((c) => c.eventType !== "*"));
      if (!handled) problems.push({ rule: "invoke-without-error", at: node.id, message: `invoke ${invoke.id} (${invoke.src}) at ${node.id} has no onError` });
      // Inline logic cannot be provided by the app nor faked by the path runner; generated ids change when states move.
      if (invoke.src.startsWith("xstate.invoke.") || /^\d+\./.test(invoke.id)) {
        problems.push({
          rule: "unnamed-invoke",
          at: node.id,
          message: `invoke at ${node.id} needs a named src (declared in setup({ actors })) and an explicit id`,
        });
      }
    }
  }

  for (const node of chart.nodes) {
    const sn = stateNode(node.id);
    const lists: [string, { guard?: unknown }[]][] = [...sn.transitions.entries()];
    if (sn.always?.length) lists.push(["always", sn.always]);
    for (const [descriptor, list] of lists) {
      if (!list.length || !list.every((t) => t.guard !== undefined)) continue;
      const fallbackAbove =
        descriptor !== "always" &&
        ancestry(nodes, node.id)
          .slice(1)
          .some((n) => (stateNode(n.id).transitions.get(descriptor) ?? []).some((t) => t.guard === undefined));
      if (!fallbackAbove) {
        problems.push({
          rule: "guard-without-fallback",
          at: `${node.id} ${descriptor}`,
          message: `${node.id} on ${descriptor}: every candidate is guarded; add an unguarded last candidate saying what happens otherwise`,
        });
      }
    }
  }

  const used = new Set<number>();
  const kept = problems.filter((p) => {
    const i = allow.findIndex((a) => a.rule === p.rule && a.at === p.at);
    if (i === -1) return true;
    used.add(i);
    return false;
  });
  allow.forEach((a, i) => {
    if (!used.has(i)) kept.push({ rule: "unused-allow", at: a.at, message: `LintAllow for ${a.rule} at ${a.at} matches no problem; remove it` });
  });
  return kept;
}
