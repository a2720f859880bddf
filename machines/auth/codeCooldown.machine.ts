import { assign, setup } from "xstate";

export interface CodeCooldownContext {
  /** Whole seconds until another e-mail code may be asked for. */
  secondsLeft: number;
}

export type CodeCooldownEvent = { type: "cooldown.start"; seconds: number };

/** `waiting` while another code may not be asked for yet. */
export type CodeCooldownTag = "waiting";

/**
 * The visible wait before "send a new code" works again. The server enforces the limit; this
 * only shows it, counting down once a second as an `after` self-transition.
 */
export const codeCooldownMachine = setup({
  types: { context: {} as CodeCooldownContext, events: {} as CodeCooldownEvent, tags: {} as CodeCooldownTag },
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
        "cooldown.start": [{ guard: "hasSeconds", target: "waiting", actions: "setSeconds" }, { description: "No wait was asked for." }],
      },
    },
    waiting: {
      tags: "waiting",
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
