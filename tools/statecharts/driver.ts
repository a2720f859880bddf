// Runs a machine for the path generator and the path runner: the real machine,
// a simulated clock, and fakes only at its edges (each invoked actor src becomes
// an actor the driver settles on command, so done/error reach the machine through
// XState's own child-actor mechanism). It records every microstep, so coverage is
// measured from what the machine actually did.
import {
  createActor,
  SimulatedClock,
  type ActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type Snapshot,
  type StateValue,
} from "xstate";
import { activeIdsOf, transitionId } from "./model.ts";

export { activeIdsOf };

export type PathStep =
  | { kind: "event"; event: EventObject }
  /** Advance the simulated clock to the next pending timer. */
  | { kind: "wait"; ms: number }
  | { kind: "done"; invokeId: string; output: unknown }
  | { kind: "error"; invokeId: string; error: unknown };

/** What one step (or the start) made the machine do. */
export interface StepEffect {
  /** Transition ids in the order they fired (always, after and done transitions included). */
  fired: string[];
  /** Guard branches observed: `<transition id>:true` when it fired, `:false` when its guard was passed over. */
  guardBranches: string[];
  /** Every state node active at some point during the step, history nodes that were targeted included. */
  visited: string[];
  /** Types of the events the machine processed in this step (external, delayed, done, internal). */
  events: string[];
  value: StateValue;
  status: string;
}

const settleType = "@statecharts.settle";

type FakeSnapshot = Snapshot<unknown> & { input: unknown };

/** A child that stays pending until the driver settles it, then completes or fails like a promise actor. */
const settleableLogic: ActorLogic<FakeSnapshot, EventObject, unknown> = {
  transition: (snapshot, event) => {
    if (event.type !== settleType || snapshot.status !== "active") return snapshot;
    const settle = event as EventObject & { ok: boolean; value: unknown };
    return settle.ok
      ? { status: "done", output: settle.value, error: undefined, input: snapshot.input }
      : { status: "error", output: undefined, error: settle.value, input: snapshot.input };
  },
  getInitialSnapshot: (_scope, input) => ({ status: "active", output: undefined, error: undefined, input }),
  getPersistedSnapshot: (snapshot) => snapshot,
};

/** SimulatedClock that also knows when its next timer is due. */
export class PathClock extends SimulatedClock {
  private dues = new Map<number, number>();

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    let id = -1;
    id = super.setTimeout(() => {
      this.dues.delete(id);
      fn();
    }, timeout);
    this.dues.set(id, this.now() + timeout);
    return id;
  }

  override clearTimeout(id: number): void {
    this.dues.delete(id);
    super.clearTimeout(id);
  }

  /** Milliseconds until each pending timer fires, soonest first. */
  pending(): number[] {
    return [...this.dues.values()].map((due) => due - this.now()).sort((a, b) => a - b);
  }
}

/** The actor srcs a machine can invoke or spawn, all replaced by settleable fakes. */
export function actorSrcs(machine: AnyStateMachine): string[] {
  const srcs = new Set(Object.keys(machine.implementations.actors));
  const walk = (node: AnyStateNode): void => {
    for (const invoke of node.invoke) if (typeof invoke.src === "string") srcs.add(invoke.src);
    Object.values(node.states).forEach((child) => walk(child as AnyStateNode));
  };
  walk(machine.root);
  return [...srcs].sort();
}

const faked = new WeakMap<AnyStateMachine, AnyStateMachine>();

/** The machine with every actor src faked: the one edge the driver replaces. */
export function withFakeActors(machine: AnyStateMachine): AnyStateMachine {
  let result = faked.get(machine);
  if (!result) {
    const actors = Object.fromEntries(actorSrcs(machine).map((src) => [src, settleableLogic]));
    result = machine.provide({ actors } as never) as AnyStateMachine;
    faked.set(machine, result);
  }
  return result;
}

function matchesDescriptor(eventType: string, descriptor: string): boolean {
  if (descriptor === eventType || descriptor === "*") return true;
  if (!descriptor.endsWith(".*")) return false;
  const parts = descriptor.split(".");
  const eventParts = eventType.split(".");
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === "*") return i === parts.length - 1;
    if (parts[i] !== eventParts[i]) return false;
  }
  return false;
}

/** XState's candidate order for an event at one node: exact match, then partial wildcards longest first. */
export function candidatesFor(node: AnyStateNode, eventType: string): AnyTransitionDefinition[] {
  const exact = node.transitions.get(eventType) ?? [];
  const wild = [...node.transitions.keys()]
    .filter((d) => d !== eventType && matchesDescriptor(eventType, d))
    .sort((a, b) => b.length - a.length)
    .flatMap((d) => node.transitions.get(d) ?? []);
  return [...exact, ...wild];
}

/**
 * Which guards were evaluated false when `eventType` was selected on `value`:
 * follows XState's selection (deepest state first; a parent is consulted only
 * when no descendant on its branch took the event) and, at each consulted node,
 * counts the guarded candidates before the one that fired, or all of them.
 */
function passedOverGuards(root: AnyStateNode, value: StateValue, eventType: string, fired: Set<AnyTransitionDefinition>): string[] {
  const falseSides: string[] = [];
  const consult = (node: AnyStateNode): boolean => {
    const candidates = candidatesFor(node, eventType);
    if (!candidates.length) return false;
    const firedAt = candidates.findIndex((c) => fired.has(c));
    const passed = firedAt === -1 ? candidates : candidates.slice(0, firedAt);
    for (const c of passed) if (c.guard !== undefined) falseSides.push(`${transitionId(c)}:false`);
    return firedAt !== -1;
  };
  const visit = (node: AnyStateNode, v: StateValue): boolean => {
    let taken = false;
    if (typeof v === "string") {
      const child = node.states[v] as AnyStateNode | undefined;
      taken = child ? consult(child) : false;
    } else {
      for (const key of Object.keys(v)) {
        const sub = v[key];
        const child = node.states[key] as AnyStateNode | undefined;
        if (!sub || !child) continue;
        if (visit(child, sub as StateValue)) taken = true;
      }
    }
    return taken || consult(node);
  };
  visit(root, value);
  return falseSides;
}

/** Every active node of a snapshot, ancestors included. */
export function activeNodeIds(snapshot: AnyMachineSnapshot): string[] {
  return activeIdsOf(snapshot.machine as AnyStateMachine, snapshot.value);
}

/** At rest, every `always` list in the configuration was tried and none fired: each guard there was false. */
function restingAlwaysGuards(snapshot: AnyMachineSnapshot): string[] {
  if (snapshot.status !== "active") return [];
  const out: string[] = [];
  for (const id of activeNodeIds(snapshot)) {
    const node = snapshot.machine.getStateNodeById(id) as AnyStateNode;
    for (const t of node.always ?? []) if (t.guard !== undefined) out.push(`${transitionId(t)}:false`);
  }
  return out;
}

export interface DrivenMachine {
  actor: AnyActorRef;
  clock: PathClock;
  /** Effect of starting the machine (the initial macrostep). */
  start: StepEffect;
  /** Applies one step and returns what the machine did. */
  apply(step: PathStep): StepEffect;
  stop(): void;
}

interface Recorder {
  fired: string[];
  guardBranches: string[];
  visited: Set<string>;
  events: string[];
}

/** Starts the (fake-edged) machine with the simulated clock and microstep recording. */
export function drive(machine: AnyStateMachine, input: unknown): DrivenMachine {
  const logic = withFakeActors(machine);
  const clock = new PathClock();
  let rec: Recorder = { fired: [], guardBranches: [], visited: new Set(), events: [] };
  let last: AnyMachineSnapshot | undefined;
  const onMicrostep = (event: EventObject, snapshot: AnyMachineSnapshot, transitions: AnyTransitionDefinition[]): void => {
    const eventless = transitions.length > 0 && transitions.every((t) => t.eventType === "");
    if (!eventless && event.type !== "xstate.init") {
      rec.events.push(event.type);
      if (last) {
        rec.guardBranches.push(...passedOverGuards(logic.root, last.value, event.type, new Set(transitions)));
      }
    }
    for (const t of transitions) {
      const id = transitionId(t);
      rec.fired.push(id);
      rec.visited.add(t.source.id);
      if (t.guard !== undefined) rec.guardBranches.push(`${id}:true`);
      for (const target of t.target ?? []) if (target.type === "history") rec.visited.add(target.id);
      if (t.eventType === "") {
        const list = t.source.always ?? [];
        for (const before of list.slice(0, list.indexOf(t))) {
          if (before.guard !== undefined) rec.guardBranches.push(`${transitionId(before)}:false`);
        }
      }
    }
    for (const id of activeNodeIds(snapshot)) rec.visited.add(id);
    last = snapshot;
  };
  const actor = createActor(logic, {
    input,
    clock,
    inspect: (e) => {
      if (e.type !== "@xstate.microstep" || (e.actorRef as { logic?: unknown }).logic !== logic) return;
      const micro = e as unknown as { event: EventObject; snapshot: AnyMachineSnapshot; _transitions: AnyTransitionDefinition[] };
      onMicrostep(micro.event, micro.snapshot, micro._transitions);
    },
  });
  const finish = (): StepEffect => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    for (const id of activeNodeIds(snapshot)) rec.visited.add(id);
    rec.guardBranches.push(...restingAlwaysGuards(snapshot));
    last = snapshot;
    const effect: StepEffect = {
      fired: rec.fired,
      guardBranches: [...new Set(rec.guardBranches)].sort(),
      visited: [...rec.visited].sort(),
      events: rec.events,
      value: snapshot.value,
      status: snapshot.status,
    };
    rec = { fired: [], guardBranches: [], visited: new Set(), events: [] };
    return effect;
  };
  // Errors thrown by the machine surface as snapshot status "error", not as a crash of the generator.
  actor.subscribe({ error: () => {} });
  actor.start();
  const start = finish();
  return {
    actor,
    clock,
    start,
    apply(step) {
      switch (step.kind) {
        case "event":
          actor.send(step.event);
          break;
        case "wait":
          clock.increment(step.ms);
          break;
        case "done":
        case "error": {
          const child = (actor.getSnapshot() as AnyMachineSnapshot).children[step.invokeId] as AnyActorRef | undefined;
          if (!child) throw new Error(`No running invoke "${step.invokeId}" to settle`);
          child.send({ type: settleType, ok: step.kind === "done", value: step.kind === "done" ? step.output : step.error });
          break;
        }
      }
      return finish();
    },
    stop() {
      actor.stop();
    },
  };
}
