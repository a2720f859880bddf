// The samples the generator drives a machine with: the machine file's GraphSpec
// where it has one, otherwise what can be read off the machine, with a note
// saying so (a derived sample cannot take both sides of a guard on a payload).
import type { AnyStateMachine, EventObject } from "xstate";
import type { MachineGraphSpec } from "../../machines/graph-spec.ts";
import { actorSrcs } from "./driver.ts";
import { chartOf } from "./model.ts";

export interface MachineSpec {
  inputs: readonly unknown[];
  events: readonly EventObject[];
  actors: Readonly<Record<string, { done: readonly unknown[]; error: readonly unknown[] }>>;
  /** What was filled in because the machine file did not say it. */
  notes: string[];
  /** The machine file's own snapshot limit, if it sets one. */
  maxSnapshots?: number;
}

/** Event types the machine handles by name (internal xstate.* events and wildcards excluded). */
export function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const t of chartOf(machine).transitions) {
    if (t.kind === "event" && !t.eventType.includes("*")) types.add(t.eventType);
  }
  return [...types].sort();
}

export function resolveSpec(machine: AnyStateMachine, graphSpec: MachineGraphSpec | undefined): MachineSpec {
  const notes: string[] = [];
  if (!graphSpec) notes.push("no GraphSpec exported: events derived from the machine's transitions with empty payloads");
  const events: EventObject[] = graphSpec ? [...graphSpec.events] : handledEventTypes(machine).map((type) => ({ type }));
  const inputs = graphSpec?.inputs?.length ? graphSpec.inputs : [undefined];
  const invoked = new Set(chartOf(machine).nodes.flatMap((n) => n.invokes.map((i) => i.src)));
  const actors: Record<string, { done: readonly unknown[]; error: readonly unknown[] }> = {};
  for (const src of actorSrcs(machine)) {
    const given = graphSpec?.actors?.[src];
    const done = given?.done ?? [undefined];
    const error = given?.error ?? [new Error(`${src} failed (generated sample)`)];
    if (invoked.has(src) && !given?.done) notes.push(`no done samples for actor "${src}": using undefined`);
    if (invoked.has(src) && !given?.error) notes.push(`no error samples for actor "${src}": using a generic Error`);
    actors[src] = { done, error };
  }
  return { inputs, events, actors, notes, ...(graphSpec?.maxSnapshots ? { maxSnapshots: graphSpec.maxSnapshots } : {}) };
}
