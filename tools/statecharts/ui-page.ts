// The browser half of running generated paths through a real browser
// (Playwright): a test page starts the machine with the same simulated clock and
// faked invoked actors as the path runner, mounts its UI around the actor, and
// installs this hook; the node half (`pageTarget` in ui-harness.ts) calls it to
// read the state and to apply the steps a user does not perform. Browser-safe.
import type { AnyActorRef, AnyStateMachine, StateValue } from "xstate";
import { drive, type DrivenMachine, type PathStep } from "./driver.ts";

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

export interface UiPathsHook {
  start(input: unknown): void;
  value(): StateValue;
  edge(step: WireStep): void;
  stop(): void;
}

/** Installs the hook on `window`. `mount` renders the UI around the actor and returns how to unmount it. */
export function installUiPathsHook(machine: AnyStateMachine, mount: (actor: AnyActorRef) => () => void): void {
  let current: { driven: DrivenMachine; unmount: () => void } | undefined;
  const hook: UiPathsHook = {
    start(input) {
      hook.stop();
      const driven = drive(machine, input);
      current = { driven, unmount: mount(driven.actor) };
    },
    value: () => current!.driven.actor.getSnapshot().value as StateValue,
    edge: (step) => void current!.driven.apply(fromWire(step)),
    stop() {
      current?.unmount();
      current?.driven.stop();
      current = undefined;
    },
  };
  (globalThis as Record<string, unknown>)[uiPathsHook] = hook;
}
