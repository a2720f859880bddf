import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import type { BuyOrder, BuyQuote } from "../../../contract/index.ts";
import { buyOrderMachine } from "../../../machines/onramp/buyOrder.machine.ts";
import { buyOrder as order, buyQuote, ORDER_ID } from "../../../machines/onramp/onramp.fixtures.ts";
import {
  amountProblem,
  PAYMENT_POLL_MS,
  QUOTE_DEBOUNCE_MS,
  QUOTE_REFRESH_MS,
  QUOTE_RETRY_MS,
  type BuyForm,
  type BuyOrderInput,
  type BuyOrderTag,
  type SendOrderInput,
} from "../../../machines/onramp/buyOrder.types.ts";

const apiError = (code: string, reason?: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error("server message"), { code, data: { ...(reason ? { reason } : {}), ...extra } });
const network = () => apiError("network");

type Answer<T> = T | (() => T | Promise<T>) | Error;
const answerOf = async <T>(answer: Answer<T>): Promise<T> => {
  if (answer instanceof Error) throw answer;
  return typeof answer === "function" ? (answer as () => T | Promise<T>)() : answer;
};

/** The machine with fake calls (each answers its list in turn, the last one forever) on a simulated clock. */
function start({
  quotes = [buyQuote()] as Answer<BuyQuote>[],
  orders = [order("pending")] as Answer<BuyOrder>[],
  statuses = [order("pending")] as Answer<BuyOrder>[],
  input = {} as BuyOrderInput,
  blocked = false,
  cancels = [order("cancelled")] as Answer<BuyOrder>[],
} = {}) {
  const clock = new SimulatedClock();
  const next = <T>(list: Answer<T>[]) => (list.length > 1 ? list.shift()! : list[0]!);
  const fetchQuote = vi.fn(async (_: { input: BuyForm }) => answerOf(next<BuyQuote>(quotes)));
  const sendOrder = vi.fn(async (_: { input: SendOrderInput }) => answerOf(next<BuyOrder>(orders)));
  const fetchStatus = vi.fn(async (_: { input: { orderId: string } }) => answerOf(next<BuyOrder>(statuses)));
  const cancelOrder = vi.fn(async (_: { input: { orderId: string } }) => answerOf(next<BuyOrder>(cancels)));
  const effects: string[] = [];
  const machine = buyOrderMachine.provide({
    actors: {
      fetchQuote: fromPromise(fetchQuote),
      sendOrder: fromPromise(sendOrder),
      fetchStatus: fromPromise(fetchStatus),
      cancelOrder: fromPromise(cancelOrder),
    },
    actions: {
      reservePaymentWindow: () => effects.push("reserve"),
      openPaymentPage: ({ context, self }) => {
        effects.push(`open ${context.order?.paymentUrl ?? "-"}`);
        if (blocked) self.send({ type: "buy.paymentPageBlocked" });
      },
      closePaymentPage: () => effects.push("close"),
      reopenPaymentPage: ({ context }) => effects.push(`reopen ${context.order?.paymentUrl ?? "-"}`),
      rememberOrder: ({ context }) => effects.push(`remember ${context.orderId}`),
      forgetOrder: () => effects.push("forget"),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  const has = (tag: BuyOrderTag) => actor.getSnapshot().hasTag(tag);
  const settle = () => waitFor(actor, (s) => !s.hasTag("quoting") && !s.hasTag("creating") && !s.hasTag("checking") && !s.hasTag("cancelling"));
  const type = async (amount: string) => {
    actor.send({ type: "buy.edit", changes: { amount } });
    clock.increment(QUOTE_DEBOUNCE_MS);
    await settle();
  };
  /** Lets the clock run `ms` and any call it started answer. */
  const pass = async (ms: number) => {
    clock.increment(ms);
    await settle();
  };
  return { actor, clock, has, type, pass, settle, effects, fetchQuote, sendOrder, fetchStatus, cancelOrder };
}

describe("buy order: the form and its quote", () => {
  it("waits for typing to pause, then quotes the trimmed amount", async () => {
    const buy = start({ input: { asset: "ETH", currency: "EUR" } });
    expect(buy.has("editing")).toBe(true);
    buy.actor.send({ type: "buy.edit", changes: { amount: "1" } });
    buy.clock.increment(QUOTE_DEBOUNCE_MS - 1);
    buy.actor.send({ type: "buy.edit", changes: { amount: " 100 " } });
    buy.clock.increment(QUOTE_DEBOUNCE_MS - 1);
    expect(buy.fetchQuote).not.toHaveBeenCalled();
    await buy.pass(1);
    expect(buy.fetchQuote).toHaveBeenCalledTimes(1);
    expect(buy.fetchQuote.mock.calls[0]![0].input).toEqual({ asset: "ETH", currency: "EUR", side: "fiat", amount: "100" });
    expect(buy.has("quoted")).toBe(true);
    expect(buy.actor.getSnapshot().can({ type: "buy.pay", idempotencyKey: "k-00000001" })).toBe(true);
  });

  it.each([
    ["1,000.50", "1000.50"],
    ["$1,000.50", "1000.50"],
    ["١٬٠٠٠", "1000"],
    ["100.", "100"],
    [".5", "0.5"],
  ])("quotes %j as the plain decimal %s", async (typed, sent) => {
    const buy = start({ input: { asset: "ETH", currency: "USD" } });
    await buy.type(typed);
    expect(buy.fetchQuote.mock.calls[0]![0].input).toEqual({ asset: "ETH", currency: "USD", side: "fiat", amount: sent });
    expect(buy.actor.getSnapshot().context.form.amount).toBe(typed);
  });

  it("finds a malformed amount itself, without a call, and says nothing for an empty one", async () => {
    const buy = start();
    await buy.type("1.005");
    expect(buy.has("invalid")).toBe(true);
    expect(buy.actor.getSnapshot().context.formProblem).toBe("amount.tooManyDecimals");
    await buy.type("");
    expect(buy.has("invalid")).toBe(false);
    expect(buy.actor.getSnapshot().context.formProblem).toBeNull();
    expect(buy.fetchQuote).not.toHaveBeenCalled();
    expect(buy.actor.getSnapshot().can({ type: "buy.pay", idempotencyKey: "k-00000001" })).toBe(false);
  });

  it.each([
    ["5.00", "amount.belowMinimum"],
    ["9000.00", "amount.aboveMaximum"],
  ] as const)("refuses a quote of %s outside its own limits, keeping the limits to show", async (pay, problem) => {
    const buy = start({ quotes: [buyQuote({ pay })] });
    await buy.type("5");
    expect(buy.has("invalid")).toBe(true);
    expect(buy.actor.getSnapshot().context).toMatchObject({ formProblem: problem, quote: { limits: { min: { value: "10.00" } } } });
  });

  it("keeps a failed quote's codes and asks again when told", async () => {
    const buy = start({ quotes: [apiError("unavailable", "pricesUnavailable"), buyQuote()] });
    await buy.type("100");
    expect(buy.has("quoteFailed")).toBe(true);
    expect(buy.actor.getSnapshot().context.quoteFailure).toMatchObject({ flow: "quote", code: "unavailable", reason: "pricesUnavailable" });
    buy.actor.send({ type: "buy.retry" });
    await buy.settle();
    expect(buy.has("quoted")).toBe(true);
    expect(buy.actor.getSnapshot().context.quoteFailure).toBeNull();
  });

  it("asks again by itself while prices are stale or missing (503), until they are back; other failures wait to be told", async () => {
    const buy = start({ quotes: [apiError("unavailable", "pricesStale"), apiError("unavailable", "pricesUnavailable"), buyQuote()] });
    await buy.type("100");
    expect(buy.actor.getSnapshot().context.quoteFailure).toMatchObject({ code: "unavailable", reason: "pricesStale" });
    await buy.pass(QUOTE_RETRY_MS - 1);
    expect(buy.fetchQuote).toHaveBeenCalledTimes(1);
    await buy.pass(1);
    expect(buy.has("quoteFailed")).toBe(true);
    expect(buy.actor.getSnapshot().context.quoteFailure).toMatchObject({ reason: "pricesUnavailable" });
    await buy.pass(QUOTE_RETRY_MS);
    expect(buy.has("quoted")).toBe(true);
    expect(buy.fetchQuote).toHaveBeenCalledTimes(3);

    const lost = start({ quotes: [network(), buyQuote()] });
    await lost.type("100");
    await lost.pass(QUOTE_RETRY_MS * 3);
    expect(lost.has("quoteFailed")).toBe(true);
    expect(lost.fetchQuote).toHaveBeenCalledTimes(1);
  });

  it("asks for the quote again while it is shown", async () => {
    const buy = start({ quotes: [buyQuote({ pay: "100.00" }), buyQuote({ pay: "101.00" })] });
    await buy.type("100");
    await buy.pass(QUOTE_REFRESH_MS);
    expect(buy.fetchQuote).toHaveBeenCalledTimes(2);
    expect(buy.actor.getSnapshot().context.quote?.pay.value).toBe("101.00");
  });
});

describe("buy order: paying", () => {
  it("creates the order with the attempt's key, remembers it and opens its payment page", async () => {
    const buy = start();
    await buy.type("100");
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    expect(buy.has("creating")).toBe(true);
    await buy.settle();
    expect(buy.sendOrder.mock.calls[0]![0].input).toEqual({ asset: "BTC", currency: "USD", side: "fiat", amount: "100", idempotencyKey: "attempt-0001" });
    expect(buy.has("awaitingPayment")).toBe(true);
    expect(buy.effects).toEqual(["reserve", `remember ${ORDER_ID}`, `open /onramp/sandbox/pay/${ORDER_ID}?lang=en`]);
  });

  it("retries a failed order with the same key, and a changed form with a new one", async () => {
    const buy = start({ orders: [apiError("unavailable", "onrampUnavailable"), order("pending")] });
    await buy.type("100");
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    await buy.settle();
    expect(buy.has("quoted")).toBe(true);
    expect(buy.actor.getSnapshot().context.orderFailure).toMatchObject({ flow: "order", reason: "onrampUnavailable" });
    expect(buy.effects).toEqual(["reserve", "close"]);
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0002" });
    await buy.settle();
    expect(buy.sendOrder.mock.calls.map(([{ input }]) => input.idempotencyKey)).toEqual(["attempt-0001", "attempt-0001"]);
    expect(buy.actor.getSnapshot().context.orderFailure).toBeNull();

    const other = start({ orders: [apiError("unavailable", "onrampUnavailable"), order("pending")] });
    await other.type("100");
    other.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    await other.settle();
    await other.type("120");
    other.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0002" });
    await other.settle();
    expect(other.sendOrder.mock.calls.map(([{ input }]) => input.idempotencyKey)).toEqual(["attempt-0001", "attempt-0002"]);
  });

  it("drops a key the server says belongs to another order", async () => {
    const buy = start({ orders: [apiError("conflict", "idempotencyConflict"), order("pending")] });
    await buy.type("100");
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    await buy.settle();
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0002" });
    await buy.settle();
    expect(buy.sendOrder.mock.calls.map(([{ input }]) => input.idempotencyKey)).toEqual(["attempt-0001", "attempt-0002"]);
  });

  it("an order refused for stale prices drops the quote, closes the window, and pays with the same key once prices are back", async () => {
    const buy = start({
      quotes: [buyQuote(), apiError("unavailable", "pricesStale"), buyQuote()],
      orders: [apiError("unavailable", "pricesStale"), order("pending")],
    });
    await buy.type("100");
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    await buy.settle();
    expect(buy.has("quoteFailed")).toBe(true);
    expect(buy.actor.getSnapshot().context).toMatchObject({ quote: null, quoteFailure: { reason: "pricesStale" }, orderFailure: null });
    expect(buy.effects).toEqual(["reserve", "close"]);
    await buy.pass(QUOTE_RETRY_MS);
    expect(buy.has("quoteFailed")).toBe(true);
    await buy.pass(QUOTE_RETRY_MS);
    expect(buy.has("quoted")).toBe(true);
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0002" });
    await buy.settle();
    expect(buy.has("awaitingPayment")).toBe(true);
    expect(buy.sendOrder.mock.calls.map(([{ input }]) => input.idempotencyKey)).toEqual(["attempt-0001", "attempt-0001"]);
  });

  it("notes a blocked payment window, for the view to offer a link", async () => {
    const buy = start({ blocked: true });
    await buy.type("100");
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    await buy.settle();
    expect(buy.actor.getSnapshot().context.paymentWindow).toBe("popupBlocked");
  });
});

describe("buy order: watching the order", () => {
  async function paid(statuses: Answer<BuyOrder>[]) {
    const buy = start({ statuses });
    await buy.type("100");
    buy.actor.send({ type: "buy.pay", idempotencyKey: "attempt-0001" });
    await buy.settle();
    return buy;
  }

  it("asks every 3 s while the payment page is open, then backs off 1, 2, 4, 8, 10, 10 s while processing", async () => {
    const buy = await paid([order("pending"), ...Array.from({ length: 6 }, () => order("processing")), order("completed")]);
    await buy.pass(PAYMENT_POLL_MS - 1);
    expect(buy.fetchStatus).not.toHaveBeenCalled();
    await buy.pass(1);
    expect(buy.fetchStatus).toHaveBeenCalledTimes(1);
    await buy.pass(PAYMENT_POLL_MS);
    expect(buy.has("processing")).toBe(true);
    const gaps: number[] = [];
    for (let asked = 2; asked < 8; asked++) {
      let waited = 0;
      while (buy.fetchStatus.mock.calls.length === asked) {
        await buy.pass(500);
        waited += 500;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(buy.has("completed")).toBe(true);
    expect(buy.fetchStatus.mock.calls[0]![0].input).toEqual({ orderId: ORDER_ID });
  });

  it.each(["completed", "failed", "cancelled", "expired"] as const)("ends in %s: forgets the order and closes the payment page", async (status) => {
    const buy = await paid([order(status)]);
    await buy.pass(PAYMENT_POLL_MS);
    expect(buy.has(status)).toBe(true);
    expect(buy.has("tracking")).toBe(true);
    expect(buy.effects.slice(-2)).toEqual(["forget", "close"]);
    buy.clock.increment(60_000);
    expect(buy.fetchStatus).toHaveBeenCalledTimes(1);
  });

  it("keeps watching through failed calls, says so after three in a row, and recovers", async () => {
    const buy = await paid([network(), network(), network(), network(), order("processing")]);
    await buy.pass(PAYMENT_POLL_MS);
    await buy.pass(PAYMENT_POLL_MS);
    expect(buy.has("connectionTrouble")).toBe(false);
    await buy.pass(PAYMENT_POLL_MS);
    expect(buy.has("connectionTrouble")).toBe(true);
    expect(buy.has("awaitingPayment")).toBe(true);
    // Still watching, and the tag stays while it asks again.
    buy.clock.increment(PAYMENT_POLL_MS);
    expect(buy.has("checking") && buy.has("connectionTrouble")).toBe(true);
    await buy.settle();
    buy.actor.send({ type: "buy.retry" });
    await buy.settle();
    expect(buy.has("connectionTrouble")).toBe(false);
    expect(buy.has("processing")).toBe(true);
    expect(buy.actor.getSnapshot().context.statusFailures).toBe(0);
  });

  it("ends as lost when the server knows no such order", async () => {
    const buy = await paid([apiError("notFound", "orderNotFound")]);
    await buy.pass(PAYMENT_POLL_MS);
    expect(buy.has("lost")).toBe(true);
    expect(buy.effects.at(-1)).toBe("forget");
  });

  it("starts again with the same form after an ending, or leaves an unpaid order", async () => {
    const buy = await paid([order("failed")]);
    await buy.pass(PAYMENT_POLL_MS);
    buy.actor.send({ type: "buy.again" });
    await buy.settle();
    expect(buy.has("quoted")).toBe(true);
    expect(buy.actor.getSnapshot().context).toMatchObject({ order: null, orderId: null, idempotencyKey: null, form: { amount: "100" } });

    // "Start a new order instead": the unpaid order is cancelled first, so the old window cannot still pay it.
    const unpaid = await paid([order("pending")]);
    unpaid.actor.send({ type: "buy.again" });
    expect(unpaid.has("cancelling")).toBe(true);
    await unpaid.settle();
    expect(unpaid.cancelOrder).toHaveBeenCalledWith(expect.objectContaining({ input: { orderId: ORDER_ID } }));
    expect(unpaid.has("editing")).toBe(true);
    expect(unpaid.effects.slice(-2)).toEqual(["close", "forget"]);
  });
});

describe("buy order: resuming", () => {
  it("watches a remembered order again from its status (processing)", async () => {
    const buy = start({ input: { orderId: ORDER_ID }, statuses: [order("processing"), order("completed")] });
    expect(buy.has("resuming")).toBe(true);
    await buy.settle();
    expect(buy.has("processing")).toBe(true);
    await buy.pass(1_000);
    expect(buy.has("completed")).toBe(true);
    expect(buy.fetchQuote).not.toHaveBeenCalled();
  });

  it("ends a remembered order the provider refunded or charged back in that status, and stops asking (issue 24 item 6)", async () => {
    for (const status of ["refunded", "chargedBack"] as const) {
      const buy = start({ input: { orderId: ORDER_ID }, statuses: [order("processing"), order(status)] });
      await buy.settle();
      await buy.pass(1_000);
      expect(buy.has(status)).toBe(true);
      expect(buy.effects).toContain("forget");
      const asked = buy.fetchStatus.mock.calls.length;
      await buy.pass(60_000);
      expect(buy.fetchStatus.mock.calls.length).toBe(asked);
    }
  });

  it("goes on asking with back-off when the first call fails, and gives up on an unknown id", async () => {
    const buy = start({ input: { orderId: ORDER_ID }, statuses: [network(), network(), order("pending")] });
    await buy.settle();
    expect(buy.has("resuming") && buy.has("connectionTrouble")).toBe(true);
    await buy.pass(2_000);
    expect(buy.fetchStatus).toHaveBeenCalledTimes(2);
    await buy.pass(3_999);
    expect(buy.fetchStatus).toHaveBeenCalledTimes(2);
    await buy.pass(1);
    expect(buy.has("awaitingPayment")).toBe(true);
    expect(buy.effects).toEqual([]);

    const bad = start({ input: { orderId: "not-an-id" }, statuses: [apiError("badRequest", "validation", { fieldKeys: { orderId: "order.notFound" } })] });
    await bad.settle();
    expect(bad.has("lost")).toBe(true);
  });

  it("buys again what the resumed order bought", async () => {
    const buy = start({ input: { orderId: ORDER_ID }, statuses: [order("completed")] });
    await buy.settle();
    buy.actor.send({ type: "buy.again" });
    await buy.settle();
    expect(buy.actor.getSnapshot().context.form).toEqual({ asset: "BTC", currency: "USD", side: "fiat", amount: "100.00" });
    expect(buy.has("quoted")).toBe(true);
  });
});

describe("buy order: a pending order offered, not imposed (issue 24 item 13)", () => {
  const asked = { orderId: ORDER_ID, asset: "ETH", offer: true } satisfies BuyOrderInput;

  it("with an asset asked for, offers a remembered unpaid order beside the form of that asset", async () => {
    const buy = start({ input: asked, statuses: [order("pending")] });
    await buy.settle();
    expect(buy.has("editing")).toBe(true);
    const context = buy.actor.getSnapshot().context;
    expect(context.form.asset).toBe("ETH");
    expect(context.offer?.asset).toBe("BTC");
    buy.actor.send({ type: "buy.resume" });
    expect(buy.has("awaitingPayment")).toBe(true);
    expect(buy.actor.getSnapshot().context.orderId).toBe(ORDER_ID);
  });

  it("cancels the offered order and keeps the form; an ended one is forgotten; a paid one is watched", async () => {
    const buy = start({ input: asked, statuses: [order("pending")] });
    await buy.settle();
    buy.actor.send({ type: "buy.edit", changes: { amount: "50" } });
    buy.actor.send({ type: "buy.cancel" });
    expect(buy.has("cancelling") && buy.has("editing")).toBe(true);
    await buy.settle();
    expect(buy.cancelOrder).toHaveBeenCalledWith(expect.objectContaining({ input: { orderId: ORDER_ID } }));
    expect(buy.actor.getSnapshot().context).toMatchObject({ offer: null, orderId: null, form: { asset: "ETH", amount: "50" } });
    expect(buy.effects).toEqual(["forget"]);

    const ended = start({ input: asked, statuses: [order("expired")] });
    await ended.settle();
    expect(ended.has("editing")).toBe(true);
    expect(ended.actor.getSnapshot().context.offer).toBeNull();
    expect(ended.effects).toEqual(["forget"]);

    // Completed while the page was away (a reload mid-buy): the buyer paid, so its outcome is shown.
    const completed = start({ input: asked, statuses: [order("completed")] });
    await completed.settle();
    expect(completed.has("completed")).toBe(true);

    const paidMeanwhile = start({ input: asked, statuses: [order("pending"), order("processing")], cancels: [apiError("conflict", "orderNotCancellable")] });
    await paidMeanwhile.settle();
    paidMeanwhile.actor.send({ type: "buy.cancel" });
    await paidMeanwhile.settle();
    expect(paidMeanwhile.has("processing")).toBe(true);
  });

  it('"Start a new order instead" cancels the old order, then opens the form of the asset asked for (not the old one)', async () => {
    const buy = start({ input: asked, statuses: [order("pending")] });
    await buy.settle();
    buy.actor.send({ type: "buy.resume" });
    buy.actor.send({ type: "buy.again" });
    await buy.settle();
    expect(buy.cancelOrder).toHaveBeenCalledTimes(1);
    expect(buy.has("editing")).toBe(true);
    expect(buy.actor.getSnapshot().context.form).toMatchObject({ asset: "ETH", amount: "" });
  });
});

describe("buy order: cancelling and the closed payment window (issue 24 item 14)", () => {
  async function awaiting(cancels: Answer<BuyOrder>[] = [order("cancelled")], statuses: Answer<BuyOrder>[] = [order("pending")]) {
    const buy = start({ input: { orderId: ORDER_ID }, statuses, cancels });
    await buy.settle();
    expect(buy.has("awaitingPayment")).toBe(true);
    return buy;
  }

  it("cancels the order: ends cancelled, closes the window, forgets it", async () => {
    const buy = await awaiting();
    buy.actor.send({ type: "buy.cancel" });
    await buy.settle();
    expect(buy.has("cancelled")).toBe(true);
    expect(buy.effects).toEqual(["forget", "close"]);
  });

  it("an order paid before the cancel is watched; a cancel the server could not do keeps the order and says so", async () => {
    const paidFirst = await awaiting([apiError("conflict", "orderNotCancellable")], [order("pending"), order("processing")]);
    paidFirst.actor.send({ type: "buy.cancel" });
    await paidFirst.settle();
    expect(paidFirst.has("processing")).toBe(true);

    const down = await awaiting([apiError("unavailable", "onrampUnavailable")]);
    down.actor.send({ type: "buy.cancel" });
    await down.settle();
    expect(down.has("awaitingPayment")).toBe(true);
    expect(down.actor.getSnapshot().context.cancelFailure?.reason).toBe("onrampUnavailable");
  });

  it("notes the payment window closed, and reopens it", async () => {
    const buy = await awaiting();
    buy.actor.send({ type: "buy.paymentWindowClosed" });
    expect(buy.actor.getSnapshot().context.paymentWindow).toBe("closed");
    buy.actor.send({ type: "buy.reopen" });
    expect(buy.actor.getSnapshot().context.paymentWindow).toBe("open");
    expect(buy.effects).toEqual([`reopen ${order("pending").paymentUrl}`]);
  });
});

describe("buy order: the amount's errors (issue 24 item 17)", () => {
  it("waits for the pause before finding a problem, or finds it at once when the field is left", async () => {
    const buy = start();
    buy.actor.send({ type: "buy.edit", changes: { amount: "1.005" } });
    expect(buy.actor.getSnapshot().context.formProblem).toBeNull();
    buy.actor.send({ type: "buy.blur" });
    expect(buy.has("invalid")).toBe(true);
    expect(buy.actor.getSnapshot().context.formProblem).toBe("amount.tooManyDecimals");
  });

  it("keeps the limits while the amount changes (a hint), and drops them with another currency", async () => {
    const buy = start({ quotes: [buyQuote({ pay: "5.00" })] });
    await buy.type("5");
    expect(buy.has("invalid")).toBe(true);
    buy.actor.send({ type: "buy.edit", changes: { amount: "6" } });
    expect(buy.actor.getSnapshot().context.limits).toEqual(buyQuote().limits);
    buy.actor.send({ type: "buy.edit", changes: { currency: "EUR" } });
    expect(buy.actor.getSnapshot().context.limits).toBeNull();
  });
});

describe("amountProblem", () => {
  it.each([
    ["", "fiat", null],
    ["abc", "fiat", "amount.invalid"],
    ["01", "fiat", null],
    ["1,5", "fiat", "amount.invalid"],
    ["1e3", "fiat", "amount.invalid"],
    ["--1", "fiat", "amount.invalid"],
    ["1.2.3", "fiat", "amount.invalid"],
    ["-5", "fiat", "amount.invalid"],
    ["0.00", "fiat", "amount.notPositive"],
    ["$0", "fiat", "amount.notPositive"],
    ["10.123", "fiat", "amount.tooManyDecimals"],
    ["10.120", "fiat", null],
    ["$1,000.50", "fiat", null],
    ["١٬٠٠٠", "fiat", null],
    ["100.", "fiat", null],
    [".5", "fiat", null],
    ["0.00012345", "crypto", null],
  ] as const)("%s (%s) → %s", (amount, side, problem) => {
    expect(amountProblem({ amount, side })).toBe(problem);
  });
});
