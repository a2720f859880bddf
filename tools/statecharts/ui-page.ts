// The browser half of running generated paths through a real browser
// (Playwright): a test page starts the machine with the same simulated clock and
// faked invoked actors as the path runner, mounts its UI around the actor, and
// installs this hook; the node half (`pageTarget` in ui-harness.ts) calls it to
// read the state, to apply the steps a user does not perform, and to learn what
// the UI sent. Browser-safe.
import type { AnyActorRef, AnyStateMachine, AnyTransitionDefinition, EventObject, StateValue } from "xstate";
import { drive, type DrivenMachine, type PathStep } from "./driver.ts";
import { transitionId } from "./model.ts";

export const uiPathsHook = "__statechartUiPaths";

/** A path step as it crosses into the page: errors travel as name and message. */
export type WireStep =
  Exclude<PathStep, { kind: "error" }> | { kind: "error"; invokeId: string; error: unknown; wireError?: { name: string; message: string } };

export function toWire(step: Exclude<PathStep, { kind: "event" }>): WireStep {
  if (step.kind === "error" && step.error instanceof Error) {
    return { kind: "error", invokeId: step.invokeId, error: null, wireError: { name: step.error.name, message: step.error.message } };
  }
  return step;
}

function fromWire(step: WireStep): PathStep {
  if (step.kind === "error" && "wireError" in step && step.wireError) {
    const error = new Error(step.wireError.message);
    error.name = step.wireError.name;
    return { kind: "error", invokeId: step.invokeId, error };
  }
  return step as PathStep;
}

/** What the machine received and did since the last look: the events sent to it and the transitions they fired. */
export interface Trace {
  events: EventObject[];
  fired: string[];
}

/**
 * Records what the root actor receives and which transitions fire, so a gesture can be shown to
 * have sent the path's event even when the state stays the same (a self-transition).
 */
export function traceOf(actor: AnyActorRef): { take(): Trace; stop(): void } {
  let trace: Trace = { events: [], fired: [] };
  const subscription = actor.system.inspect((event) => {
    if (event.actorRef !== actor) return;
    if (event.type === "@xstate.event") trace.events.push(event.event);
    if (event.type === "@xstate.microstep") {
      trace.fired.push(...(event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions.map(transitionId));
    }
  });
  return {
    take() {
      const taken = trace;
      trace = { events: [], fired: [] };
      return taken;
    },
    stop: () => subscription.unsubscribe(),
  };
}

export interface UiPathsHook {
  start(input: unknown): void;
  value(): StateValue;
  edge(step: WireStep): void;
  /** Sends an event no person performs straight to the machine. */
  send(event: EventObject): void;
  /** What the machine received and fired since the last call. */
  trace(): Trace;
  stop(): void;
}

/**
 * Installs the hook on `window`. `machine` may be made per path from its input (a machine whose
 * effects reach a world set up for that path); `mount` renders the UI around the actor and
 * returns how to unmount it.
 */
export function installUiPathsHook(
  machine: AnyStateMachine | ((input: unknown) => AnyStateMachine),
  mount: (actor: AnyActorRef, input: unknown) => () => void,
): void {
  let current: { driven: DrivenMachine; trace: ReturnType<typeof traceOf>; unmount: () => void } | undefined;
  const hook: UiPathsHook = {
    start(input) {
      hook.stop();
      const driven = drive(typeof machine === "function" ? machine(input) : machine, input);
      current = { driven, trace: traceOf(driven.actor), unmount: mount(driven.actor, input) };
    },
    value: () => current!.driven.actor.getSnapshot().value as StateValue,
    edge: (step) => void current!.driven.apply(fromWire(step)),
    send: (event) => current!.driven.actor.send(event),
    trace: () => current!.trace.take(),
    stop() {
      current?.unmount();
      current?.trace.stop();
      current?.driven.stop();
      current = undefined;
    },
  };
  (globalThis as Record<string, unknown>)[uiPathsHook] = hook;
}
