import { assign, fromPromise, setup } from "xstate";
import { errorOf, output } from "../event-body.ts";
import { failureOf, type Failure } from "../failure.ts";

/**
 * What the portfolio's figures depend on: the currency, the cost-basis method, the value chart's
 * range or the report's period — whatever the page passes, compared as a whole.
 */
export type FiguresArgs = Readonly<Record<string, string>>;

export type FiguresTag = "loading" | "shown" | "failed";

export interface FiguresContext {
  args: FiguresArgs;
  /** The server's answer for `args`; null until it arrives (never an older set's). */
  data: unknown;
  failure: Failure<"figures"> | null;
}

export type FiguresEvent = { type: "figures.args"; args: FiguresArgs } | { type: "figures.retry" };

export interface FiguresInput {
  args: FiguresArgs;
}

export const figuresMachine = setup({
  types: {
    context: {} as FiguresContext,
    events: {} as FiguresEvent,
    input: {} as FiguresInput,
    tags: {} as FiguresTag,
  },
  actions: {
    setArgs: assign(({ event }) => ({ args: event.type === "figures.args" ? event.args : {}, data: null, failure: null })),
    keepAnswer: assign((_, data: unknown) => ({ data, failure: null })),
    keepFailure: assign((_, error: unknown) => ({ data: null, failure: failureOf("figures", error) })),
  },
  actors: {
    /** The call for these arguments (/user/portfolio, /user/portfolio/value, /user/buy-sell-report), provided by the app. */
    load: fromPromise<unknown, FiguresArgs>(async () => {
      throw new Error("load is provided by the app");
    }),
  },
}).createMachine({
  id: "figures",
  description:
    "One of the portfolio's panels of figures (profit and loss, the value over time, the buy/sell report): the server's answer for the arguments the page shows now.",
  context: ({ input }) => ({ args: input.args, data: null, failure: null }),
  initial: "loading",
  on: {
    "figures.args": {
      description: "Another currency, method, range or period: the answer for the old ones is dropped, never shown.",
      target: ".loading",
      reenter: true,
      actions: "setArgs",
    },
  },
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.args,
        onDone: { target: "shown", actions: { type: "keepAnswer", params: output } },
        onError: { target: "failed", actions: { type: "keepFailure", params: errorOf } },
      },
    },
    shown: {
      tags: ["shown"],
      description: "The figures on screen.",
    },
    failed: {
      tags: ["failed"],
      description: "The call failed: said so, with a button to ask again.",
      on: { "figures.retry": { target: "loading" } },
    },
  },
});
