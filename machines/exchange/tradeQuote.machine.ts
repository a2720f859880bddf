import { errorOf, output } from "../event-body.ts";
import { tradeQuoteSetup } from "./tradeQuote.setup.ts";
import { quoteBody } from "./tradeQuote.types.ts";

/** One ending of a failed call: its own state and tag; the user asks again, or changes the form. */
const failedWith = (tag: "insufficientBalance" | "houseCannotFill" | "priceMoved" | "pricesStale" | "debtOutstanding" | "network", description: string) => ({
  tags: ["failed", tag] as const,
  description,
});

/**
 * The exchange ticket (issue 26): buy from cash, sell or convert at a quote that expires. The
 * machine counts the quote's seconds down itself (by the server's validity, not this device's
 * clock), refreshes it shortly before it expires so nothing is confirmed with under 3 s left, asks
 * the user to accept a refreshed quote that is worse by more than 0.5 %, and accepts it once.
 */
export const tradeQuoteMachine = tradeQuoteSetup.createMachine({
  id: "tradeQuote",
  description: "The exchange ticket: the form, its quote counting down, refreshed or expired, accepted once.",
  context: ({ input }) => ({
    form: {
      kind: "buy",
      from: input.currency ?? "USD",
      to: "BTC",
      side: "from",
      amount: "",
      decimals: { from: 2, to: 8 },
      available: null,
      ...input.form,
    },
    formProblem: null,
    limits: null,
    quote: null,
    worse: null,
    secondsLeft: 0,
    failure: null,
    trade: null,
  }),
  initial: "ticket",
  on: {
    "exchange.balance": { actions: "keepBalance", description: "The balances were read again: the form's next check uses them; nothing else changes." },
  },
  states: {
    ticket: {
      initial: "editing",
      on: {
        "exchange.edit": { target: ".editing.debouncing", reenter: true, actions: "edit" },
      },
      states: {
        editing: {
          tags: ["editing"],
          initial: "validating",
          states: {
            validating: {
              always: [
                { guard: "isAmountEmpty", target: "idle" },
                { guard: "hasFormProblem", target: "invalid", actions: "checkForm" },
                { target: "#tradeQuote.ticket.quoting" },
              ],
            },
            idle: { description: "Nothing typed yet." },
            debouncing: {
              description: "Typing: the amount is checked after a pause, or at once when the field is left.",
              after: { quoteDebounce: { target: "validating" } },
              on: { "exchange.blur": { target: "validating" } },
            },
            invalid: { tags: ["invalid"], description: "The amount is malformed, above the balance, or outside the limits the server states." },
          },
        },
        quoting: {
          tags: ["quoting"],
          invoke: {
            id: "fetchQuote",
            src: "fetchQuote",
            input: ({ context }) => quoteBody(context.form),
            onDone: [
              { guard: { type: "isTooShort", params: output }, target: "expired", actions: { type: "keepQuote", params: output } },
              { target: "quoted", actions: { type: "keepQuote", params: output } },
            ],
            onError: [
              { guard: { type: "isAmountRefused", params: errorOf }, target: "editing.invalid", actions: { type: "keepAmountRefusal", params: errorOf } },
              { guard: { type: "isHouseCannotFill", params: errorOf }, target: "failed.houseCannotFill", actions: { type: "keepFailure", params: errorOf } },
              { guard: { type: "isDebtOutstanding", params: errorOf }, target: "failed.debtOutstanding", actions: { type: "keepFailure", params: errorOf } },
              { guard: { type: "isPricesStale", params: errorOf }, target: "failed.pricesStale", actions: { type: "keepFailure", params: errorOf } },
              { target: "failed.unreachable", actions: { type: "keepFailure", params: errorOf } },
            ],
          },
        },
        quoted: {
          tags: ["quoted"],
          description: "The quote counts down, one second at a time; with 3 s left it is refreshed, so it is never confirmed with less.",
          after: {
            second: [
              { guard: "isRefreshDue", target: "refreshing", actions: "countDown" },
              { target: "quoted", reenter: true, actions: "countDown" },
            ],
          },
          on: { "exchange.confirm": { target: "#tradeQuote.accepting" } },
        },
        refreshing: {
          tags: ["quoted", "refreshing"],
          description: "The same form is quoted again while the old quote's last seconds run out; it cannot be confirmed meanwhile.",
          after: { quoteLeft: { target: "expired" } },
          invoke: {
            id: "refreshQuote",
            src: "fetchQuote",
            input: ({ context }) => quoteBody(context.form),
            onDone: [
              { guard: { type: "isTooShort", params: output }, target: "expired", actions: { type: "keepQuote", params: output } },
              { guard: { type: "isWorse", params: output }, target: "worse", actions: { type: "offerWorse", params: output } },
              { target: "quoted", actions: { type: "keepQuote", params: output } },
            ],
            onError: { target: "expired", actions: { type: "keepFailure", params: errorOf } },
          },
        },
        worse: {
          tags: ["worse"],
          description: "The refreshed quote is worse by more than 0.5 %: it is confirmable only once the user accepts it; it, too, counts down.",
          after: {
            second: [
              { guard: "isRefreshDue", target: "expired", actions: ["countDown", "dropQuote"] },
              { target: "worse", reenter: true, actions: "countDown" },
            ],
          },
          on: { "exchange.acceptWorse": { target: "quoted", actions: "takeWorse" } },
        },
        expired: {
          tags: ["expired"],
          description: "No quote to confirm (it ran out, could not be refreshed, or the server found it expired): one tap asks again.",
          on: { "exchange.requote": { target: "quoting" } },
        },
        unanswered: {
          tags: ["failed", "network", "unanswered"],
          description:
            "The accept got no answer. The same quote is confirmed again (the server answers the trade it made, if it made one), or a new one asked for.",
          on: { "exchange.confirm": { target: "#tradeQuote.accepting" }, "exchange.requote": { target: "quoting" } },
        },
        failed: {
          tags: ["failed"],
          initial: "unreachable",
          on: { "exchange.requote": { target: "quoting" } },
          states: {
            insufficientBalance: failedWith("insufficientBalance", "The available balance is below what the quote pays."),
            houseCannotFill: failedWith("houseCannotFill", "The house cannot deliver this much of the asset now."),
            priceMoved: failedWith("priceMoved", "The live price moved beyond the tolerance since quoting."),
            pricesStale: failedWith("pricesStale", "The server has no fresh prices."),
            debtOutstanding: failedWith("debtOutstanding", "The user owes the house some of the asset given up."),
            unreachable: failedWith("network", "No answer, or a failure the ticket has no words of its own for."),
          },
        },
      },
    },
    accepting: {
      tags: ["accepting"],
      description: "The quote is executed once; the form is locked, and a second confirm does nothing.",
      invoke: {
        id: "acceptQuote",
        src: "acceptQuote",
        input: ({ context }) => ({ quoteId: context.quote?.id ?? "", kind: context.form.kind }),
        onDone: { target: "done", actions: { type: "keepTrade", params: output } },
        onError: [
          { guard: { type: "isExpired", params: errorOf }, target: "ticket.expired", actions: [{ type: "keepFailure", params: errorOf }, "dropQuote"] },
          {
            guard: { type: "isInsufficientBalance", params: errorOf },
            target: "ticket.failed.insufficientBalance",
            actions: [{ type: "keepFailure", params: errorOf }, "dropQuote"],
          },
          {
            guard: { type: "isHouseCannotFill", params: errorOf },
            target: "ticket.failed.houseCannotFill",
            actions: [{ type: "keepFailure", params: errorOf }, "dropQuote"],
          },
          {
            guard: { type: "isPriceMoved", params: errorOf },
            target: "ticket.failed.priceMoved",
            actions: [{ type: "keepFailure", params: errorOf }, "dropQuote"],
          },
          {
            guard: { type: "isPricesStale", params: errorOf },
            target: "ticket.failed.pricesStale",
            actions: [{ type: "keepFailure", params: errorOf }, "dropQuote"],
          },
          {
            guard: { type: "isDebtOutstanding", params: errorOf },
            target: "ticket.failed.debtOutstanding",
            actions: [{ type: "keepFailure", params: errorOf }, "dropQuote"],
          },
          {
            description: "No answer: the trade may have gone through. Confirming again asks with the same quote id, which executes once.",
            target: "ticket.unanswered",
            actions: { type: "keepFailure", params: errorOf },
          },
        ],
      },
    },
    done: {
      tags: ["done"],
      description: "The receipt: what was paid and received, equal to the quote.",
      on: {
        "exchange.again": { target: "ticket", actions: "startOver" },
        "exchange.edit": { target: "ticket.editing.debouncing", actions: ["startOver", "edit"] },
      },
    },
  },
});
