import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { Trade, TradeQuote } from "../../../contract/index.ts";
import { tradeOf, tradeQuote } from "../../../machines/exchange/exchange.fixtures.ts";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import {
  isWorseQuote,
  QUOTE_DEBOUNCE_MS,
  secondsLeftOf,
  ticketProblem,
  type AcceptInput,
  type TicketForm,
} from "../../../machines/exchange/tradeQuote.types.ts";

const apiError = (code: string, reason?: string) => Object.assign(new Error("server message"), { code, data: reason ? { reason } : {} });

/** The machine with fake calls (each answers its list in turn, the last one for ever) on a simulated clock. */
function start({
  quotes = [tradeQuote({ seconds: 15 })] as (TradeQuote | Error | Promise<TradeQuote>)[],
  trades = [] as (Trade | Error | Promise<Trade>)[],
} = {}) {
  const clock = new SimulatedClock();
  const next = <T>(list: (T | Error | Promise<T>)[]) => (list.length > 1 ? list.shift()! : list[0]!);
  const fetchQuote = vi.fn(async () => {
    const answer = next(quotes);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const acceptQuote = vi.fn(async ({ input }: { input: AcceptInput }) => {
    const answer = trades.length ? next(trades) : tradeOf(tradeQuote({ id: input.quoteId }));
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const actor = createActor(tradeQuoteMachine.provide({ actors: { fetchQuote: fromPromise(fetchQuote), acceptQuote: fromPromise(acceptQuote) } }), {
    clock,
    input: { form: { available: "500.00" } },
  }).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await Promise.resolve();
  };
  const quoted = async (amount = "100") => {
    actor.send({ type: "exchange.edit", changes: { amount } });
    await tick(QUOTE_DEBOUNCE_MS);
    await waitFor(actor, (state) => state.hasTag("quoted") && !state.hasTag("refreshing"));
  };
  return { actor, clock, tick, quoted, fetchQuote, acceptQuote };
}

describe("the tradeQuote machine", () => {
  it("counts the quote down by the server's validity, not this device's clock", () => {
    // The device may be minutes off: only expiresAt − serverNow counts, capped at validSeconds.
    const quote = { ...tradeQuote({ seconds: 15 }), expiresAt: "2026-11-28T10:00:15.000Z", serverNow: "2026-11-28T10:00:00.000Z" };
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    expect(secondsLeftOf(quote)).toBe(15);
    expect(secondsLeftOf({ ...quote, serverNow: "2026-11-28T10:00:04.500Z" })).toBe(10);
    expect(secondsLeftOf({ ...quote, validSeconds: 8 })).toBe(8);
    vi.useRealTimers();
  });

  it("never lets a quote be confirmed with 3 s or less left: it refreshes it instead", async () => {
    let answer: (quote: TradeQuote) => void = () => {};
    const refreshed = new Promise<TradeQuote>((resolve) => (answer = resolve));
    const { actor, tick, quoted, fetchQuote } = start({ quotes: [tradeQuote({ seconds: 15 }), refreshed] });
    const confirmable: number[] = [];
    actor.subscribe((state) => {
      if (state.can({ type: "exchange.confirm" })) confirmable.push(state.context.secondsLeft);
    });
    await quoted();
    expect(actor.getSnapshot().context.secondsLeft).toBe(15);
    for (let second = 14; second > 3; second--) {
      await tick(1000);
      expect(actor.getSnapshot().context.secondsLeft).toBe(second);
      expect(actor.getSnapshot().can({ type: "exchange.confirm" })).toBe(true);
    }
    await tick(1000);
    // 3 s left: asked again, and nothing to confirm meanwhile.
    expect(actor.getSnapshot().hasTag("refreshing")).toBe(true);
    expect(actor.getSnapshot().can({ type: "exchange.confirm" })).toBe(false);
    expect(fetchQuote).toHaveBeenCalledTimes(2);
    answer(tradeQuote({ seconds: 15 }));
    await waitFor(actor, (state) => state.hasTag("quoted") && !state.hasTag("refreshing"));
    expect(actor.getSnapshot().context.secondsLeft).toBe(15);
    expect(Math.min(...confirmable)).toBe(4);
  });

  it("lets a refresh that gets no answer run the quote out: expired, and one requote", async () => {
    const { actor, tick, quoted } = start({ quotes: [tradeQuote({ seconds: 15 }), new Promise<TradeQuote>(() => {}), tradeQuote({ seconds: 15 })] });
    await quoted();
    for (let second = 0; second < 12; second++) await tick(1000);
    expect(actor.getSnapshot().hasTag("refreshing")).toBe(true);
    await tick(2_999);
    expect(actor.getSnapshot().hasTag("expired")).toBe(false);
    await tick(1);
    expect(actor.getSnapshot().hasTag("expired")).toBe(true);
    actor.send({ type: "exchange.requote" });
    await waitFor(actor, (state) => state.hasTag("quoted"));
  });

  it("asks the user to accept a refreshed quote worse by more than 0.5 %, and takes a better or slightly worse one silently", async () => {
    const { actor, tick, quoted } = start({
      quotes: [tradeQuote({ seconds: 15 }), tradeQuote({ seconds: 15, receive: "0.00102500" }), tradeQuote({ seconds: 15, receive: "0.00101500" })],
    });
    await quoted();
    for (let second = 0; second < 12; second++) await tick(1000);
    await waitFor(actor, (state) => state.hasTag("quoted") && !state.hasTag("refreshing"));
    expect(actor.getSnapshot().context.quote?.receive.value).toBe("0.00102500");
    for (let second = 0; second < 12; second++) await tick(1000);
    await waitFor(actor, (state) => state.hasTag("worse"));
    expect(actor.getSnapshot().can({ type: "exchange.confirm" })).toBe(false);
    actor.send({ type: "exchange.acceptWorse" });
    expect(actor.getSnapshot().context.quote?.receive.value).toBe("0.00101500");
    expect(actor.getSnapshot().can({ type: "exchange.confirm" })).toBe(true);
  });

  it("accepts once: a second confirm while accepting does nothing", async () => {
    let settle: (trade: Trade) => void = () => {};
    const pending = new Promise<Trade>((resolve) => (settle = resolve));
    const { actor, quoted, acceptQuote } = start({ trades: [pending] });
    await quoted();
    actor.send({ type: "exchange.confirm" });
    actor.send({ type: "exchange.confirm" });
    actor.send({ type: "exchange.edit", changes: { amount: "200" } });
    expect(actor.getSnapshot().hasTag("accepting")).toBe(true);
    expect(actor.getSnapshot().context.form.amount).toBe("100");
    settle(tradeOf(tradeQuote()));
    await waitFor(actor, (state) => state.hasTag("done"));
    expect(acceptQuote).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["quoteExpired", "expired"],
    ["insufficientBalance", "insufficientBalance"],
    ["houseCannotFill", "houseCannotFill"],
    ["priceMoved", "priceMoved"],
    ["pricesStale", "pricesStale"],
    ["debtOutstanding", "debtOutstanding"],
  ] as const)("ends a refused accept (%s) in its own state", async (reason, tag) => {
    const { actor, quoted } = start({ trades: [apiError("conflict", reason)] });
    await quoted();
    actor.send({ type: "exchange.confirm" });
    await waitFor(actor, (state) => state.hasTag(tag));
    expect(actor.getSnapshot().can({ type: "exchange.confirm" })).toBe(false);
  });

  it("after an accept with no answer confirms the same quote again (the server executes it once)", async () => {
    const { actor, quoted, acceptQuote } = start({ trades: [apiError("network"), tradeOf(tradeQuote())] });
    await quoted();
    actor.send({ type: "exchange.confirm" });
    await waitFor(actor, (state) => state.hasTag("unanswered"));
    actor.send({ type: "exchange.confirm" });
    await waitFor(actor, (state) => state.hasTag("done"));
    expect(acceptQuote.mock.calls.map(([{ input }]) => input.quoteId)).toEqual([tradeQuote().id, tradeQuote().id]);
  });

  it("judges the form before asking: malformed, zero or negative, too many decimals, more than the balance", () => {
    const form: TicketForm = { kind: "buy", from: "USD", to: "BTC", side: "from", amount: "", decimals: { from: 2, to: 8 }, available: "500.00" };
    expect(ticketProblem({ ...form, amount: "abc" })).toBe("amount.invalid");
    expect(ticketProblem({ ...form, amount: "0" })).toBe("amount.notPositive");
    expect(ticketProblem({ ...form, amount: "-5" })).toBe("amount.notPositive");
    expect(ticketProblem({ ...form, amount: "1.001" })).toBe("amount.tooManyDecimals");
    expect(ticketProblem({ ...form, amount: "500.01" })).toBe("amount.aboveBalance");
    expect(ticketProblem({ ...form, amount: "500" })).toBeNull();
    expect(ticketProblem({ ...form, side: "to", amount: "0.000000001" })).toBe("amount.tooManyDecimals");
    expect(ticketProblem({ ...form, side: "to", amount: "0.00000001" })).toBeNull();
  });

  it("measures worse by what is received, or by what is paid when the amount received is fixed", () => {
    const shown = tradeQuote({ receive: "1.0000" });
    expect(isWorseQuote(shown, tradeQuote({ receive: "0.9950" }))).toBe(false);
    expect(isWorseQuote(shown, tradeQuote({ receive: "0.9949" }))).toBe(true);
    const paying = { ...shown, side: "to" as const, pay: { asset: "USD", value: "100.00" } };
    expect(isWorseQuote(paying, { ...paying, pay: { asset: "USD", value: "100.50" } })).toBe(false);
    expect(isWorseQuote(paying, { ...paying, pay: { asset: "USD", value: "100.51" } })).toBe(true);
  });
});
