// Runs generated paths through a user interface. The tester supplies one
// assertion per state (what the screen shows there) and one driver per event (the
// gesture that makes the UI send it); the harness walks each path, performs
// gestures for events and lets the machine's edges (timers, invoked actors) move
// on their own, and after every step checks both the machine's state and the
// screen, through the state assertions. Where the target can say what the machine
// received, it also proves each gesture sent the path's event, payload included,
// and fired the path's transitions: a self-transition changes no state to look at.
// Events no person performs (a 401 from the server, another tab) are listed as
// system events: the harness sends them straight to the machine, unless the spec
// gives a driver that makes their real edge send them.
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
import { toWire, traceOf, uiPathsHook, type Trace, type UiPathsHook, type WireStep } from "./ui-page.ts";

export interface UiSession<TView> {
  /** What the assertions and drivers receive: e.g. Testing Library's `screen` and a user-event instance. */
  view: TView;
  /** The machine's current state value. */
  value(): StateValue | Promise<StateValue>;
  /** Applies a step the user does not perform: the clock advancing, an invoked actor settling. */
  edge(step: Exclude<PathStep, { kind: "event" }>): void | Promise<void>;
  /** Sends an event no person performs straight to the machine (needed for the spec's system events). */
  send?(event: EventObject): void | Promise<void>;
  /** What the machine received and fired since the last call; without it, gestures are judged by the state alone. */
  trace?(): Trace | Promise<Trace>;
  stop(): void | Promise<void>;
}

export interface UiTarget<TView> {
  /** Starts the machine with the path's input and mounts the UI around it. */
  start(path: GeneratedPath): UiSession<TView> | Promise<UiSession<TView>>;
}

export interface StateCheckContext {
  value: StateValue;
  /** The path being run. */
  path: GeneratedPath;
  /** The step that led here and its index in the path; undefined at the start. */
  step?: PathStepRecord;
  index?: number;
  /** When that step began (or the path started), as Date.now(): for messages that come and go (toasts). */
  since: number;
}

export interface UiSpec<TView> {
  /** Assertion per state node, keyed by id with or without the machine id ("transfer.sent" or "sent"). */
  states: Record<string, (view: TView, context: StateCheckContext) => void | Promise<void>>;
  /** Driver per event type: the gesture that makes the UI send exactly this event (payload included). */
  events: Record<string, (view: TView, event: EventObject) => void | Promise<void>>;
  /**
   * Event types no person performs (a 401 from the server, another tab's storage, a child
   * machine). Sent straight to the machine unless `events` gives a driver for their real edge.
   */
  system?: readonly string[];
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

/** What a spec leaves out: states with no assertion and event types the paths send that no driver performs and that are not system events. */
export function uiGaps(machine: AnyStateMachine, paths: GeneratedPath[], spec: UiSpec<unknown>): UiGaps {
  const chart = chartOf(machine);
  const asserted = new Set(Object.keys(spec.states));
  const statesWithoutAssertion = chart.nodes
    .filter((n) => n.id !== chart.rootId && n.kind !== "history")
    .map((n) => n.id)
    .filter((id) => !asserted.has(id) && !asserted.has(relativeId(chart, id)));
  const sent = new Set(paths.flatMap((p) => p.steps.flatMap((s) => (s.step.kind === "event" ? [s.step.event.type] : []))));
  const system = new Set(spec.system ?? []);
  return { statesWithoutAssertion, eventsWithoutDriver: [...sent].filter((type) => !spec.events[type] && !system.has(type)).sort() };
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

/** Whether `sent` is the sample `expected`: the same type, and every field of the sample with the same value (a form may add fields). */
function sends(expected: EventObject, sent: EventObject): boolean {
  return sent.type === expected.type && Object.entries(expected).every(([key, value]) => isDeepStrictEqual((sent as Record<string, unknown>)[key], value));
}

/** Whether `fired` contains `expected` in order (the UI may send other events around the path's). */
function inOrder(expected: string[], fired: string[]): boolean {
  let at = 0;
  for (const id of fired) if (id === expected[at]) at++;
  return at === expected.length;
}

/** Runs one path through the UI; throws on the first step whose machine state or screen is not as expected. */
export async function runPathInUi<TView>(machine: AnyStateMachine, path: GeneratedPath, target: UiTarget<TView>, spec: UiSpec<TView>): Promise<void> {
  const started = Date.now();
  const session = await target.start(path);
  const settle = spec.waitFor ?? ((check: () => Promise<void>) => check());
  const system = new Set(spec.system ?? []);
  try {
    await settle(async () => {
      const actual = await session.value();
      if (!isDeepStrictEqual(actual, path.initial.value))
        throw new Error(`start: expected the machine in ${describeValue(path.initial.value)}, it is in ${describeValue(actual)}`);
    });
    await settle(() => checkStates(machine, spec, session.view, { value: path.initial.value, path, since: started }));
    for (const [index, record] of path.steps.entries()) {
      const { step } = record;
      const where = `step ${index + 1} (${describeStep(step)})`;
      // Whatever the UI sent since the last step is not this step's doing.
      await session.trace?.();
      const since = Date.now();
      if (step.kind !== "event") {
        await session.edge(step);
      } else if (spec.events[step.event.type]) {
        await spec.events[step.event.type]!(session.view, step.event);
      } else if (system.has(step.event.type)) {
        if (!session.send) throw new Error(`${where}: this target cannot send system events`);
        await session.send(step.event);
      } else {
        throw new Error(`no UI driver for event ${step.event.type}`);
      }
      const seen: Trace = { events: [], fired: [] };
      await settle(async () => {
        const actual = await session.value();
        if (!isDeepStrictEqual(actual, record.value))
          throw new Error(`${where}: expected the machine in ${describeValue(record.value)}, it is in ${describeValue(actual)}`);
        if (!session.trace) return;
        const trace = await session.trace();
        seen.events.push(...trace.events);
        seen.fired.push(...trace.fired);
        if (step.kind === "event" && !seen.events.some((sent) => sends(step.event, sent)))
          throw new Error(`${where}: the UI did not send it (the machine received ${seen.events.map((e) => e.type).join(", ") || "nothing"})`);
        if (!inOrder(record.fired, seen.fired))
          throw new Error(`${where}: expected ${record.fired.join(", ")} to fire, the machine fired ${seen.fired.join(", ") || "nothing"}`);
      });
      await settle(() => checkStates(machine, spec, session.view, { value: record.value, path, step: record, index, since }));
    }
  } finally {
    await session.stop();
  }
}

export interface InProcessOptions<TView> {
  /** Mounts the UI around the running actor and returns the view handle. */
  mount: (actor: AnyActorRef, path: GeneratedPath) => TView | Promise<TView>;
  unmount?: (view: TView) => void | Promise<void>;
  /** Wraps machine-side steps so the UI framework flushes its updates (Testing Library's `act`). */
  act?: (fn: () => void) => unknown;
}

/**
 * The UI in this process around the real machine, with the same simulated clock
 * and faked invoked actors as the path runner. `machine` may be made per path (a
 * machine whose effects reach a world set up for that path).
 */
export function inProcessTarget<TView>(
  machine: AnyStateMachine | ((path: GeneratedPath) => AnyStateMachine),
  options: InProcessOptions<TView>,
): UiTarget<TView> {
  return {
    async start(path) {
      const driven = drive(typeof machine === "function" ? machine(path) : machine, path.input);
      const trace = traceOf(driven.actor);
      const view = await options.mount(driven.actor, path);
      const run = async (fn: () => void) => {
        if (options.act) await options.act(fn);
        else fn();
      };
      return {
        view,
        value: () => driven.actor.getSnapshot().value as StateValue,
        edge: (step) => run(() => void driven.apply(step)),
        send: (event) => run(() => driven.actor.send(event)),
        trace: () => trace.take(),
        async stop() {
          await options.unmount?.(view);
          trace.stop();
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
        send: (event) =>
          page.evaluate(({ name, event }) => (globalThis as unknown as Hooked)[name as typeof uiPathsHook].send(event), { name: uiPathsHook, event }),
        trace: () => page.evaluate((name) => (globalThis as unknown as Hooked)[name as typeof uiPathsHook].trace(), uiPathsHook),
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
