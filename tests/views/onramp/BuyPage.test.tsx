import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OrderStatus } from "../../../contract/index.ts";
import { buyOrder, buyQuote, ORDER_ID, orderTimelines, PAYMENT_URL } from "../../../machines/onramp/onramp.fixtures.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

// The Buy page's pair is ETH, and the page shows the order's whole timeline.
const quote = (asset = "ETH", pay = "100.00") => buyQuote({ asset, pay });
const order = (status: OrderStatus) => buyOrder(status, { asset: "ETH", timeline: orderTimelines[status] });

/** Answers each in turn, then the last one for ever (as the status call does once an order is final). */
function inTurn<T>(first: T, ...rest: T[]): () => T {
  const queue = [first, ...rest];
  return () => (queue.length > 1 ? queue.shift() : queue[0]) ?? first;
}

const apiError = (code: string, message: string, data: Record<string, unknown>) => Object.assign(new Error(message), { code, data });

/** A window.open that the test sees: the blank window the press reserves, then the payment page in it. */
function fakeWindows({ blocked = false } = {}) {
  const popup = { closed: false, location: { href: "about:blank" }, focus: vi.fn(), close: vi.fn(() => (popup.closed = true)) };
  const open = vi.spyOn(window, "open").mockImplementation(() => (blocked ? null : (popup as unknown as Window)));
  return { popup, open };
}

// Polling waits seconds: the clock runs as usual, and a test may jump it ahead.
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function typeAmount(amount: string) {
  fireEvent.change(screen.getByRole("textbox", { name: /You pay/ }), { target: { value: amount } });
}

describe("the Buy page", { timeout: 20_000 }, () => {
  it("quotes the pair from the address, shows the limits, and pays by card in a popup it then follows to the end", async () => {
    const windows = fakeWindows();
    const status = inTurn(order("pending"), order("completed"));
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: {
        swipeluxQuote: ({ asset }) => quote(asset),
        swipeluxSendOrder: () => order("pending"),
        swipeluxStatus: status,
      },
    });
    const asset = await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    expect(asset).toHaveValue("ETH");
    expect(screen.getByRole("button", { name: "Pay by card" })).toBeDisabled();
    await typeAmount("١٠٠");
    await waitFor(() => expect(screen.getByRole("textbox", { name: /You pay/ })).toHaveAccessibleDescription("Between $10.00 and $5,000.00 per order."));
    expect(bodiesOf(call, "swipeluxQuote")).toEqual([{ asset: "ETH", currency: "USD", side: "fiat", amount: "100" }]);
    const summary = screen.getByRole("region", { name: "Quote" });
    expect(within(summary).getByText("0.03287 ETH")).toBeInTheDocument();
    expect(within(summary).getByText("1 ETH = $3,012.10")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Pay by card" }));
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    const [body] = bodiesOf(call, "swipeluxSendOrder") as { idempotencyKey: string }[];
    expect(body).toMatchObject({ asset: "ETH", currency: "USD", side: "fiat", amount: "100" });
    expect(body!.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(windows.open).toHaveBeenCalledWith("about:blank", "sarraf-payment", expect.stringContaining("width=500,height=700"));
    expect(windows.popup.location.href).toBe(PAYMENT_URL);
    expect(localStorage.getItem("sarraf.pendingBuy")).toBe(ORDER_ID);
    expect(screen.getByRole("button", { name: "Reopen the payment page" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Cancel this order" })).toBeEnabled();
    expect(
      within(screen.getByRole("list", { name: "Order timeline" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining("Order created"),
      // Nothing was charged yet: the step says what it waits for, not "received … in progress".
      "Waiting for your card payment",
      expect.stringContaining("Buying your crypto"),
      expect.stringContaining("Crediting your balance"),
    ]);

    // The status is polled every 3 s; the completed order closes the payment window and is forgotten.
    await wait(3_000);
    expect(screen.getByRole("heading", { name: "Waiting for your payment" })).toBeInTheDocument();
    await wait(3_000);
    await screen.findByRole("heading", { name: "Your crypto is in your balance" });
    expect(windows.popup.close).toHaveBeenCalled();
    expect(localStorage.getItem("sarraf.pendingBuy")).toBeNull();
    expect(screen.getByRole("link", { name: "See your portfolio" })).toHaveAttribute("href", "/portfolio");
    expect(screen.getByRole("link", { name: "See your history" })).toHaveAttribute("href", "/history");
    expect(screen.queryByRole("button", { name: /payment page/ })).toBeNull();

    // The field keeps what was typed; only what is sent is read into a plain decimal.
    fireEvent.click(screen.getByRole("button", { name: "Buy again" }));
    expect(await screen.findByRole("textbox", { name: /You pay/ })).toHaveValue("١٠٠");
  });

  it("reads an amount as people type it: grouping, a currency sign, Arabic digits, a dot at either end", async () => {
    fakeWindows();
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: { swipeluxQuote: () => quote(), swipeluxSendOrder: () => order("pending"), swipeluxStatus: () => order("pending") },
    });
    await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    const typed = { "1,000.50": "1000.50", "١٬٠٠٠": "1000", "100.": "100", ".5": "0.5", "$1,000.50": "1000.50" };
    for (const [text, sent] of Object.entries(typed)) {
      await typeAmount(text);
      await waitFor(() => expect(bodiesOf(call, "swipeluxQuote").at(-1)).toEqual({ asset: "ETH", currency: "USD", side: "fiat", amount: sent }));
      expect(screen.getByRole("textbox", { name: /You pay/ })).toHaveValue(text);
    }
    const pay = screen.getByRole("button", { name: "Pay by card" });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    expect(bodiesOf(call, "swipeluxSendOrder")).toEqual([expect.objectContaining({ amount: "1000.50" })]);
  });

  it.each(["en", "ar"] as const)("refuses what is not an amount, in words (%s), without asking the server", async (locale) => {
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", { user: storedUser, locale, calls: { swipeluxQuote: () => quote() } });
    await screen.findAllByRole("combobox", {}, { timeout: 10_000 });
    const input = document.querySelector<HTMLInputElement>('input[name="amount"]')!;
    const words = locale === "en" ? "Enter an amount as a number, like 100 or 0.5." : "أدخل المبلغ رقمًا، مثل 100 أو 0.5.";
    for (const junk of ["1,5", "1e3", "--1", "1.2.3", "abc"]) {
      fireEvent.change(input, { target: { value: junk } });
      // Each edit clears the last verdict: the words below are this amount's.
      expect(input).not.toHaveAccessibleDescription(words);
      await waitFor(() => expect(input).toHaveAccessibleDescription(words));
      expect(input).toHaveAttribute("aria-invalid", "true");
    }
    expect(bodiesOf(call, "swipeluxQuote")).toEqual([]);
    expect(bodiesOf(call, "swipeluxSendOrder")).toEqual([]);
  });

  it("finds a malformed amount without asking, and words the server's limits at the field", async () => {
    await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: {
        swipeluxQuote: ({ amount }) => {
          // The server's amount limits are a validation failure naming the amount's field key.
          if (amount === "2") {
            throw apiError("badRequest", "server words", {
              reason: "validation",
              fields: { amount: "server words" },
              fieldKeys: { amount: "amount.belowMinimum" },
              limits: { min: { asset: "USD", value: "10.00" }, max: { asset: "USD", value: "5000.00" } },
            });
          }
          return quote("ETH", "9000.00");
        },
      },
    });
    await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    await typeAmount("12.345");
    const input = screen.getByRole("textbox", { name: /You pay/ });
    // Named in numbers (issue 24 item 17): cents for the fiat side, the limits as they are.
    await waitFor(() => expect(input).toHaveAccessibleDescription("Enter whole cents: at most 2 decimal places."));
    expect(input).toHaveAttribute("aria-invalid", "true");
    await typeAmount("2");
    await waitFor(() => expect(input).toHaveAccessibleDescription(/A buy must cost at least \u2066\$10\.00\u2069\./));
    // The limits stay in sight while the amount is invalid.
    expect(input).toHaveAccessibleDescription(/^Between \$10\.00 and \$5,000\.00 per order\./);
    await typeAmount("9000");
    await waitFor(() => expect(input).toHaveAccessibleDescription(/A buy may cost at most \u2066\$5,000\.00\u2069\./));
    expect(screen.getByRole("button", { name: "Pay by card" })).toBeDisabled();
  });

  it("says what a failed order means, and pays again with the same key", async () => {
    fakeWindows();
    let tries = 0;
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: {
        swipeluxQuote: () => quote(),
        swipeluxSendOrder: () => {
          tries++;
          if (tries === 1) throw apiError("unavailable", "server words", { reason: "onrampUnavailable" });
          return order("pending");
        },
        swipeluxStatus: () => order("pending"),
      },
    });
    await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    await typeAmount("100");
    const pay = await screen.findByRole("button", { name: "Pay by card" });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    expect(await screen.findByRole("alert")).toHaveTextContent("The card payment service did not answer. Nothing was charged; please try again.");
    fireEvent.click(screen.getByRole("button", { name: "Pay by card" }));
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    const keys = (bodiesOf(call, "swipeluxSendOrder") as { idempotencyKey: string }[]).map((body) => body.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
  });

  it.each([
    ["en", "Prices are out of date right now, so we cannot quote or start this buy. We will quote it again as soon as prices are back."],
    ["ar", "الأسعار غير محدَّثة الآن، فلا يمكننا تسعير هذا الشراء أو بدؤه. سنسعّره من جديد فور عودة الأسعار."],
  ] as const)("in %s, says when prices are stale and quotes again by itself once they are back", async (locale, words) => {
    let stale = true;
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      locale,
      calls: {
        swipeluxQuote: () => {
          if (stale) throw apiError("unavailable", "server words", { reason: "pricesStale" });
          return quote();
        },
      },
    });
    const input = await screen.findByRole("textbox", { name: locale === "ar" ? /تدفع/ : /You pay/ }, { timeout: 10_000 });
    fireEvent.change(input, { target: { value: "100" } });
    expect(await screen.findByRole("alert")).toHaveTextContent(words);
    expect(screen.getByRole("button", { name: locale === "ar" ? /الدفع بالبطاقة/ : "Pay by card" })).toBeDisabled();
    stale = false;
    await wait(10_000);
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(bodiesOf(call, "swipeluxQuote").length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.getByRole("button", { name: locale === "ar" ? /الدفع بالبطاقة/ : "Pay by card" })).toBeEnabled());
  });

  it("an order refused for stale prices says so and creates nothing; paying again once prices are back uses the same key", async () => {
    fakeWindows();
    let orders = 0;
    let stale = false;
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: {
        swipeluxQuote: () => {
          if (stale) throw apiError("unavailable", "server words", { reason: "pricesStale" });
          return quote();
        },
        swipeluxSendOrder: () => {
          orders++;
          if (orders === 1) {
            stale = true;
            throw apiError("unavailable", "server words", { reason: "pricesStale" });
          }
          return order("pending");
        },
        swipeluxStatus: () => order("pending"),
      },
    });
    await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    await typeAmount("100");
    const pay = await screen.findByRole("button", { name: "Pay by card" });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    expect(await screen.findByRole("alert")).toHaveTextContent("Prices are out of date right now");
    expect(screen.getByRole("button", { name: "Pay by card" })).toBeDisabled();
    stale = false;
    await wait(10_000);
    await waitFor(() => expect(screen.getByRole("button", { name: "Pay by card" })).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: "Pay by card" }));
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    const keys = (bodiesOf(call, "swipeluxSendOrder") as { idempotencyKey: string }[]).map((body) => body.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("offers a link when the browser blocks the payment window", async () => {
    fakeWindows({ blocked: true });
    await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: { swipeluxQuote: () => quote(), swipeluxSendOrder: () => order("pending"), swipeluxStatus: () => order("pending") },
    });
    await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    await typeAmount("100");
    const pay = await screen.findByRole("button", { name: "Pay by card" });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await screen.findByText("Your browser blocked the payment window. Open the payment page with the link below.");
    expect(screen.getByRole("link", { name: "Open the payment page" })).toHaveAttribute("href", PAYMENT_URL);
  });

  it("watches a remembered order again after a reload, and words a declined card", async () => {
    localStorage.setItem("sarraf.pendingBuy", ORDER_ID);
    const status = inTurn(order("processing"), order("failed"));
    const { call } = await renderApp("/buy", {
      user: storedUser,
      calls: { swipeluxStatus: status },
    });
    await screen.findByRole("heading", { name: "Payment received: buying your crypto" }, { timeout: 10_000 });
    expect(bodiesOf(call, "swipeluxStatus")[0]).toEqual({ orderId: ORDER_ID });
    await wait(1_000);
    await screen.findByRole("heading", { name: "The payment failed" });
    expect(screen.getByText("The card was declined. Nothing was charged and nothing was credited.")).toBeInTheDocument();
    expect(localStorage.getItem("sarraf.pendingBuy")).toBeNull();
    expect(bodiesOf(call, "swipeluxQuote")).toEqual([]);
  });

  it("says when the order in the address is not the user's", async () => {
    await renderApp(`/buy?order=${ORDER_ID}`, {
      user: storedUser,
      calls: { swipeluxStatus: () => Promise.reject(apiError("notFound", "server words", { reason: "orderNotFound" })) },
    });
    await screen.findByRole("heading", { name: "Order not found" }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: "Buy again" }));
    await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
  });

  it("keeps watching through a lost connection and says so", async () => {
    let answers = 0;
    await renderApp(`/buy?order=${ORDER_ID}`, {
      user: storedUser,
      calls: {
        swipeluxStatus: () => {
          answers++;
          if (answers === 1) return order("pending");
          if (answers <= 4) throw apiError("network", "Failed to fetch", {});
          return order("processing");
        },
      },
    });
    await screen.findByRole("heading", { name: "Waiting for your payment" }, { timeout: 10_000 });
    for (let i = 0; i < 3; i++) await wait(3_000);
    await screen.findByText(/We are having trouble reaching Sarraf/);
    fireEvent.click(screen.getByRole("button", { name: "Check now" }));
    await screen.findByRole("heading", { name: "Payment received: buying your crypto" });
    expect(screen.queryByText(/We are having trouble reaching Sarraf/)).toBeNull();
  });
});
