// Runs generated paths through a user interface. The tester supplies one
// assertion per state (what the screen shows there) and one driver per event (the
// gesture that makes the UI send it); the harness walks each path, performs
// gestures for events and lets the machine's edges (timers, invoked actors) move
// on their own, and after every step checks both the machine's state, proving the
// gesture sent the path's event, and the screen, through the state assertions.
//
// A target says where the UI runs. `inProcessTarget` mounts it in this process
// around the driven actor (Testing Library in jsdom). A browser target
// (Playwright) implements the same `UiSession` by asking the page for the state
// value and to apply edge steps through a test hook the app exposes.
import { isDeepStrictEqual } from "node:util";
import type { AnyActorRef, AnyStateMachine, EventObject, StateValue } from "xstate";
import { activeIdsOf, drive, type PathStep } from "./driver.ts";
import { chartOf, relativeId } from "./model.ts";
import type { GeneratedPath, PathStepRecord } from "./paths.ts";
import { describeStep, describeValue } from "./scenarios.ts";
import { toWire, uiPathsHook, type UiPathsHook, type WireStep } from "./ui-page.ts";

export interface UiSession<TView> {
  /** What the assertions and drivers receive: e.g. Testing Library's `screen` and a user-event instance. */
  view: TView;
  /** The machine's current state value. */
  value(): StateValue | Promise<StateValue>;
  /** Applies a step the user does not perform: the clock advancing, an invoked actor settling. */
  edge(step: Exclude<PathStep, { kind: "event" }>): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface UiTarget<TView> {
  /** Starts the machine with the path's input and mounts the UI around it. */
  start(path: GeneratedPath): UiSession<TView> | Promise<UiSession<TView>>;
}

export interface StateCheckContext {
  value: StateValue;
  /** The step that led here; undefined at the start. */
  step?: PathStepRecord;
}

export interface UiSpec<TView> {
  /** Assertion per state node, keyed by id with or without the machine id ("transfer.sent" or "sent"). */
  states: Record<string, (view: TView, context: StateCheckContext) => void | Promise<void>>;
  /** Driver per event type: the gesture that makes the UI send exactly this event (payload included). */
  events: Record<string, (view: TView, event: EventObject) => void | Promise<void>>;
  /**
   * Waits until `check` passes, for UIs that update asynchronously (Testing
   * Library's `waitFor`). Default: check once.
   */
  waitFor?: (check: () => Promise<void>) => Promise<unknown>;
}

export interface UiGaps {
  statesWithoutAssertion: string[];
  eventsWithoutDriver: string[];
}

/** What a spec leaves out: states with no assertion and event types the paths send but no driver performs. */
export function uiGaps(machine: AnyStateMachine, paths: GeneratedPath[], spec: UiSpec<unknown>): UiGaps {
  const chart = chartOf(machine);
  const asserted = new Set(Object.keys(spec.states));
  const statesWithoutAssertion = chart.nodes
    .filter((n) => n.id !== chart.rootId && n.kind !== "history")
    .map((n) => n.id)
    .filter((id) => !asserted.has(id) && !asserted.has(relativeId(chart, id)));
  const sent = new Set(paths.flatMap((p) => p.steps.flatMap((s) => (s.step.kind === "event" ? [s.step.event.type] : []))));
  return { statesWithoutAssertion, eventsWithoutDriver: [...sent].filter((type) => !spec.events[type]).sort() };
}

async function checkStates<TView>(machine: AnyStateMachine, spec: UiSpec<TView>, view: TView, context: StateCheckContext): Promise<void> {
  const chart = chartOf(machine);
  for (const id of activeIdsOf(machine, context.value)) {
    const check = spec.states[id] ?? spec.states[relativeId(chart, id)];
    if (!check) continue;
    try {
      await check(view, context);
    } catch (err) {
      throw new Error(
        `screen check for state ${id} failed${context.step ? ` after ${describeStep(context.step.step)}` : " at the start"}: ${(err as Error).message}`,
        { cause: err },
      );
    }
  }
}

/** Runs one path through the UI; throws on the first step whose machine state or screen is not as expected. */
export async function runPathInUi<TView>(machine: AnyStateMachine, path: GeneratedPath, target: UiTarget<TView>, spec: UiSpec<TView>): Promise<void> {
  const session = await target.start(path);
  const settle = spec.waitFor ?? ((check: () => Promise<void>) => check());
  const expectValue = async (expected: StateValue, where: string): Promise<void> => {
    await settle(async () => {
      const actual = await session.value();
      if (!isDeepStrictEqual(actual, expected))
        throw new Error(`${where}: expected the machine in ${describeValue(expected)}, it is in ${describeValue(actual)}`);
    });
  };
  try {
    await expectValue(path.initial.value, "start");
    await settle(() => checkStates(machine, spec, session.view, { value: path.initial.value }));
    for (const [i, record] of path.steps.entries()) {
      const { step } = record;
      if (step.kind === "event") {
        const driver = spec.events[step.event.type];
        if (!driver) throw new Error(`no UI driver for event ${step.event.type}`);
        await driver(session.view, step.event);
      } else {
        await session.edge(step);
      }
      await expectValue(record.value, `step ${i + 1} (${describeStep(step)})`);
      await settle(() => checkStates(machine, spec, session.view, { value: record.value, step: record }));
    }
  } finally {
    await session.stop();
  }
}

export interface InProcessOptions<TView> {
  /** Mounts the UI around the running actor and returns the view handle. */
  mount: (actor: AnyActorRef) => TView | Promise<TView>;
  unmount?: (view: TView) => void | Promise<void>;
  /** Wraps machine-side steps so the UI framework flushes its updates (Testing Library's `act`). */
  act?: (fn: () => void) => unknown;
}

/**
 * The UI in this process around the real machine, with the same simulated clock
 * and faked invoked actors as the path runner.
 */
export function inProcessTarget<TView>(machine: AnyStateMachine, options: InProcessOptions<TView>): UiTarget<TView> {
  return {
    async start(path) {
      const driven = drive(machine, path.input);
      const view = await options.mount(driven.actor);
      return {
        view,
        value: () => driven.actor.getSnapshot().value as StateValue,
        async edge(step) {
          if (options.act) await options.act(() => void driven.apply(step));
          else driven.apply(step);
        },
        async stop() {
          await options.unmount?.(view);
          driven.stop();
        },
      };
    },
  };
}

/** The part of a Playwright `Page` the browser target needs. */
export interface EvaluatingPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface PageTargetOptions<TView> {
  /** Opens (or reuses) the page whose script called `installUiPathsHook`, and the view handle for checks and gestures. */
  open: () => Promise<{ page: EvaluatingPage; view: TView }>;
  close?: (view: TView) => void | Promise<void>;
}

/**
 * The UI in a real browser page (Playwright): the page runs the machine with the
 * simulated clock and faked invoked actors (see ui-page.ts); this side drives it
 * through the hook and the tester's gestures.
 */
export function pageTarget<TView>(options: PageTargetOptions<TView>): UiTarget<TView> {
  type Hooked = { [uiPathsHook]: UiPathsHook };
  return {
    async start(path) {
      const { page, view } = await options.open();
      await page.evaluate(({ name, input }) => (globalThis as unknown as Hooked)[name as typeof uiPathsHook].start(input), {
        name: uiPathsHook,
        input: path.input,
      });
      return {
        view,
        value: () => page.evaluate((name) => (globalThis as unknown as Hooked)[name as typeof uiPathsHook].value(), uiPathsHook),
        edge: (step) =>
          page.evaluate(({ name, wire }) => (globalThis as unknown as Hooked)[name as typeof uiPathsHook].edge(wire), {
            name: uiPathsHook,
            wire: toWire(step) as WireStep,
          }),
        async stop() {
          await page.evaluate((name) => (globalThis as unknown as Hooked)[name as typeof uiPathsHook].stop(), uiPathsHook);
          await options.close?.(view);
        },
      };
    },
  };
}

/** Retries `check` until it passes or `timeout` ms pass: the `waitFor` for UIs in a real browser. */
export function poll(timeout = 2000, interval = 20): (check: () => Promise<void>) => Promise<void> {
  return async (check) => {
    const deadline = Date.now() + timeout;
    for (;;) {
      try {
        await check();
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
    }
  };
}
