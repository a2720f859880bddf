import type { EventObject } from "xstate";

/**
 * What a machine file exports (as `<flow>GraphSpec`) so the path generator can
 * traverse it: the machine itself cannot say which payloads take each side of a
 * guard, or what its invoked actors answer.
 */
export interface MachineGraphSpec<TInput = unknown, TEvent extends EventObject = EventObject> {
  /** Inputs to start from; each one is a separate start, so initial guards get both sides. */
  inputs?: readonly TInput[];
  /** Sample events, with payloads that between them take every side of every guard. */
  events: readonly TEvent[];
  /**
   * How many distinct snapshots the generator may explore before giving up (default 2000): for a
   * machine whose context legitimately multiplies its snapshots (a form, an order and its window).
   */
  maxSnapshots?: number;
  /** Sample outcomes per invoked actor (keyed by its `src` name): outputs for done, errors for error. */
  actors?: Readonly<Record<string, { done?: readonly unknown[]; error?: readonly unknown[] }>>;
}
