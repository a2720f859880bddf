// A plain, serialisable view of a machine's structure: the one source every
// diagram, the path generator and the lint read. Browser-safe: type imports only.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from "xstate";
import { actionName, guardName, humanDuration } from "./format.ts";

export type NodeKind = "atomic" | "compound" | "parallel" | "final" | "history";

export interface ChartInvoke {
  id: string;
  src: string;
}

export interface ChartNode {
  id: string;
  key: string;
  kind: NodeKind;
  parentId: string | null;
  childIds: string[];
  /** For compound states: the child entered by default. */
  initialId?: string;
  history?: "shallow" | "deep";
  /** For history states: where it leads while no history is recorded. */
  defaultIds?: string[];
  description?: string;
  entry: string[];
  exit: string[];
  invokes: ChartInvoke[];
  tags: string[];
}

export type TransitionKind = "event" | "always" | "after" | "done.actor" | "error.actor" | "snapshot.actor" | "done.state";

export interface ChartTransition {
  /** `<source id> <event type or "always">#<index among the source's candidates for that event>`. */
  id: string;
  sourceId: string;
  /** The event descriptor as XState stores it; "" for `always`. */
  eventType: string;
  index: number;
  kind: TransitionKind;
  /** What a reviewer reads for the trigger: the event, "after 15 min (name)", "done: <invoke id>". */
  trigger: string;
  guard?: string;
  targetIds: string[];
  actions: string[];
  reenter: boolean;
  description?: string;
  delay?: { name?: string; ms?: number };
  invokeId?: string;
}

export interface Chart {
  id: string;
  description?: string;
  rootId: string;
  /** Every state node, parents before children, in the machine's own order. */
  nodes: ChartNode[];
  transitions: ChartTransition[];
}

const afterPrefix = "xstate.after.";

/** Transitions of a node in the order XState tries them: `on`, invoke outcomes, `after`, then `always`. */
export function nodeTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

export function transitionId(t: AnyTransitionDefinition): string {
  const list = t.eventType === "" ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} ${t.eventType === "" ? "always" : t.eventType}#${list.indexOf(t)}`;
}

function delayOf(machine: AnyStateMachine, t: AnyTransitionDefinition): ChartTransition["delay"] {
  const raw = (t as { delay?: unknown }).delay;
  if (typeof raw === "number") return { ms: raw };
  if (typeof raw !== "string") return {};
  const impl = (machine.implementations.delays as Record<string, unknown>)[raw];
  return typeof impl === "number" ? { name: raw, ms: impl } : { name: raw };
}

function triggerOf(machine: AnyStateMachine, t: AnyTransitionDefinition): Pick<ChartTransition, "kind" | "trigger" | "delay" | "invokeId"> {
  const type = t.eventType;
  if (type === "") return { kind: "always", trigger: "always" };
  if (type.startsWith(afterPrefix)) {
    const delay = delayOf(machine, t);
    const amount = delay?.ms !== undefined ? humanDuration(delay.ms) : (delay?.name ?? "?");
    const trigger = delay?.name !== undefined && delay.ms !== undefined ? `after ${amount} (${delay.name})` : `after ${amount}`;
    return { kind: "after", trigger, delay };
  }
  for (const [prefix, kind, word] of [
    ["xstate.done.actor.", "done.actor", "done"],
    ["xstate.error.actor.", "error.actor", "error"],
    ["xstate.snapshot.", "snapshot.actor", "snapshot"],
  ] as const) {
    if (type.startsWith(prefix)) {
      const invokeId = type.slice(prefix.length);
      return { kind, trigger: `${word}: ${invokeId}`, invokeId };
    }
  }
  if (type.startsWith("xstate.done.state.")) return { kind: "done.state", trigger: "onDone" };
  return { kind: "event", trigger: type };
}

/** Entry/exit actions as written: XState adds a raise/cancel pair per `after`, which the `after` edge already shows. */
function ownActions(actions: readonly unknown[]): string[] {
  return actions
    .filter((a) => {
      const fn = a as { type?: unknown; id?: unknown; sendId?: unknown };
      if (typeof a !== "function") return true;
      if (fn.type === "xstate.raise" && typeof fn.id === "string" && fn.id.startsWith(afterPrefix)) return false;
      if (fn.type === "xstate.cancel" && typeof fn.sendId === "string" && fn.sendId.startsWith(afterPrefix)) return false;
      return true;
    })
    .map(actionName);
}

/** A history node's `target` (XState resolves it against the parent), else the parent's initial state. */
function historyDefault(node: AnyStateNode): string[] {
  const target = (node.config as { target?: unknown }).target;
  const targets = Array.isArray(target) ? target : target === undefined ? [] : [target];
  const parent = node.parent!;
  if (!targets.length) return parent.type === "compound" ? parent.initial.target.map((t: AnyStateNode) => t.id) : [];
  return targets.map((t) => {
    const s = String(t);
    return s.startsWith("#") ? s.slice(1) : `${parent.id}.${s}`;
  });
}

function kindOf(node: AnyStateNode): NodeKind {
  return node.type as NodeKind;
}

/** Reads a machine into a {@link Chart}. Deterministic: the same machine gives the same chart. */
export function chartOf(machine: AnyStateMachine): Chart {
  const nodes: ChartNode[] = [];
  const transitions: ChartTransition[] = [];
  const visit = (node: AnyStateNode): void => {
    // Reading transitions first lets XState add its `after` raise/cancel pairs before entry/exit are read.
    const own = nodeTransitions(node);
    const children = Object.values(node.states) as AnyStateNode[];
    const chartNode: ChartNode = {
      id: node.id,
      key: node.key,
      kind: kindOf(node),
      parentId: node.parent?.id ?? null,
      childIds: children.map((c) => c.id),
      entry: ownActions(node.entry),
      exit: ownActions(node.exit),
      invokes: node.invoke.map((i) => ({ id: i.id, src: typeof i.src === "string" ? i.src : "(inline)" })),
      tags: [...node.tags],
    };
    if (node.type === "compound") chartNode.initialId = node.initial.target[0]?.id;
    if (node.type === "history") {
      chartNode.history = node.history === "deep" ? "deep" : "shallow";
      chartNode.defaultIds = historyDefault(node);
    }
    if (node.description) chartNode.description = node.description;
    nodes.push(chartNode);
    for (const t of own) {
      const chartTransition: ChartTransition = {
        id: transitionId(t),
        sourceId: node.id,
        eventType: t.eventType,
        index: (t.eventType === "" ? (node.always ?? []) : (node.transitions.get(t.eventType) ?? [])).indexOf(t),
        ...triggerOf(machine, t),
        targetIds: (t.target ?? []).map((target) => target.id),
        actions: t.actions.map(actionName),
        reenter: t.reenter,
      };
      if (t.guard !== undefined) chartTransition.guard = guardName(t.guard);
      if (t.description) chartTransition.description = t.description;
      if (!chartTransition.delay) delete chartTransition.delay;
      if (!chartTransition.invokeId) delete chartTransition.invokeId;
      transitions.push(chartTransition);
    }
    children.forEach(visit);
  };
  visit(machine.root);
  const chart: Chart = { id: machine.id, rootId: machine.root.id, nodes, transitions };
  if (machine.root.description) chart.description = machine.root.description;
  return chart;
}

export function nodeIndex(chart: Chart): Map<string, ChartNode> {
  return new Map(chart.nodes.map((n) => [n.id, n]));
}

/** A node's id relative to the machine: "auth.authenticated.active" → "authenticated.active". */
export function relativeId(chart: Chart, id: string): string {
  return id.startsWith(`${chart.rootId}.`) ? id.slice(chart.rootId.length + 1) : id;
}

/** Every node active in a state value, ancestors included. */
export function activeIdsOf(machine: AnyStateMachine, value: StateValue): string[] {
  const root = machine.root as AnyStateNode;
  const ids: string[] = [];
  const walk = (node: AnyStateNode, v: StateValue | undefined): void => {
    ids.push(node.id);
    if (v === undefined) return;
    if (typeof v === "string") {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) walk(child, undefined);
      return;
    }
    for (const key of Object.keys(v)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (child) walk(child, v[key] as StateValue);
    }
  };
  walk(root, value);
  return ids;
}
