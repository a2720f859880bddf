import { assign, setup } from "xstate";
import type { MachineGraphSpec } from "../graph-spec.ts";

export interface CodeCooldownContext {
  /** Whole seconds until another e-mail code may be asked for. */
  secondsLeft: number;
}

export type CodeCooldownEvent = { type: "cooldown.start"; seconds: number };

/**
 * The visible wait before "send a new code" works again. The server enforces the limit; this
 * only shows it, counting down once a second as an `after` self-transition.
 */
export const codeCooldownMachine = setup({
  types: { context: {} as CodeCooldownContext, events: {} as CodeCooldownEvent },
  guards: {
    hasSeconds: ({ event }) => Math.ceil(event.seconds) > 0,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    setSeconds: assign({ secondsLeft: ({ event }) => Math.ceil(event.seconds) }),
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
  },
  delays: { second: 1000 },
}).createMachine({
  id: "codeCooldown",
  context: { secondsLeft: 0 },
  initial: "ready",
  states: {
    ready: {
      description: "A new code may be asked for.",
      on: {
        "cooldown.start": [
          { guard: "hasSeconds", target: "waiting", actions: "setSeconds" },
          { description: "No wait was asked for." },
        ],
      },
    },
    waiting: {
      after: {
        second: [
          { guard: "isLastSecond", target: "ready", actions: "tick" },
          { target: "waiting", reenter: true, actions: "tick" },
        ],
      },
      on: {
        "cooldown.start": [
          { guard: "hasSeconds", target: "waiting", reenter: true, actions: "setSeconds" },
          { target: "ready", actions: "setSeconds" },
        ],
      },
    },
  },
});

export const codeCooldownGraphSpec: MachineGraphSpec<undefined, CodeCooldownEvent> = {
  events: [
    { type: "cooldown.start", seconds: 2 },
    { type: "cooldown.start", seconds: 0 },
  ],
};
