import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Balances } from "../../../contract/index.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { QUOTE_ID, tradeOf, tradeQuote } from "../../../machines/exchange/exchange.fixtures.ts";
import { bodiesOf, renderApp, type FakeCalls } from "../renderApp.tsx";

const held = (currency: "USD" | "EUR" = "USD"): Balances => ({
  currency,
  balances: [
    { asset: "BTC", available: "0.01000000", held: "0.00000000", value: "971.23" },
    { asset: "USD", available: "500.00", held: "0.00", value: "500.00" },
  ],
  total: "1471.23",
});
const apiError = (code: string, message: string, data: Record<string, unknown>) => Object.assign(new Error(message), { code, data });

// The quote counts down by the machine's own `after`: the test's clock moves it.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const payField = () => screen.getByRole("textbox", { name: /You pay/ });

async function open(path: string, calls: FakeCalls = {}, locale: "en" | "ar" = "en") {
  const rendered = await renderApp(path, {
    user: storedUser,
    locale,
    calls: {
      balances: ({ currency }) => held(currency === "EUR" ? "EUR" : "USD"),
      ...calls,
    },
  });
  await screen.findByRole("group", { name: locale === "en" ? "Kind of trade" : "نوع التداول" }, { timeout: 10_000 });
  return rendered;
}

describe("the Exchange page", { timeout: 30_000 }, () => {
  it("buys from cash: quotes what is typed, counts down, confirms once and shows the receipt", async () => {
    const quote = tradeQuote({ seconds: 15 });
    let accepts = 0;
    const { call } = await open("/exchange?curr=USD&symbol=BTC", {
      tradeQuote: () => quote,
      tradeAccept: () => {
        accepts++;
        return new Promise((resolve) => setTimeout(() => resolve(tradeOf(quote)), 500));
      },
    });
    await waitFor(() => expect(payField()).toHaveAccessibleDescription("Available: $500.00"));
    fireEvent.change(payField(), { target: { value: "100" } });
    const region = await screen.findByRole("region", { name: "Quote" });
    expect(bodiesOf(call, "tradeQuote")).toEqual([{ kind: "buy", from: "USD", to: "BTC", side: "from", amount: "100" }]);
    expect(within(region.querySelector(".trade-quote-receive")!).getByText("0.00102603 BTC")).toBeInTheDocument();
    expect(within(region).getByText("1 BTC = $97,366.26")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /You receive/ })).toHaveValue("0.00102603");
    expect(within(region).getByText("Price held for 15 s")).toBeInTheDocument();
    await wait(2_000);
    expect(within(region).getByText("Price held for 13 s")).toBeInTheDocument();
    const confirm = screen.getByRole("button", { name: "Confirm: buy BTC" });
    fireEvent.click(confirm);
    fireEvent.click(screen.getByRole("button", { name: "Trading…" }));
    await wait(600);
    const heading = await screen.findByRole("heading", { name: "Bought 0.00102603 BTC" });
    expect(heading).toHaveFocus();
    expect(accepts).toBe(1);
    expect(bodiesOf(call, "tradeAccept")).toEqual([{ quoteId: QUOTE_ID }]);
    expect(screen.getByText("Executed exactly as quoted.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your portfolio" })).toHaveAttribute("href", "/portfolio");
  });

  it("keeps the kind and the pair in the address: each change a step Back undoes, and the ticket follows", async () => {
    const { memory, call } = await open("/exchange?curr=USD&symbol=BTC", { tradeQuote: ({ kind }) => tradeQuote({ kind, seconds: 15 }) });
    fireEvent.click(screen.getByRole("button", { name: "Sell" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Sell" })).toHaveAttribute("aria-pressed", "true"));
    expect(memory.history?.at(-1)).toBe("/exchange?curr=USD&symbol=BTC&side=sell");
    expect(payField()).toHaveAccessibleName("You pay (BTC)");
    fireEvent.click(screen.getByRole("button", { name: "Convert" }));
    await screen.findByRole("combobox", { name: "To" });
    expect(memory.history?.at(-1)).toBe("/exchange?curr=USD&symbol=BTC&side=convert&to=ETH");
    fireEvent.change(screen.getByRole("combobox", { name: "To" }), { target: { value: "DOGE" } });
    await waitFor(() => expect(screen.getByRole("textbox", { name: /You receive/ })).toHaveAccessibleName("You receive (DOGE)"));
    expect(memory.history?.at(-1)).toBe("/exchange?curr=USD&symbol=BTC&side=convert&to=DOGE");
    fireEvent.change(payField(), { target: { value: "0.01" } });
    await screen.findByRole("region", { name: "Quote" });
    expect(bodiesOf(call, "tradeQuote").at(-1)).toEqual({ kind: "convert", from: "BTC", to: "DOGE", side: "from", amount: "0.01" });
    // Back: the address is the one before, and the ticket is a sell again.
    act(() => memory.navigate("/exchange?curr=USD&symbol=BTC&side=sell"));
    await waitFor(() => expect(screen.getByRole("button", { name: "Sell" })).toHaveAttribute("aria-pressed", "true"));
    expect(screen.queryByRole("combobox", { name: "To" })).toBeNull();
    expect(memory.history).toEqual([
      "/exchange?curr=USD&symbol=BTC",
      "/exchange?curr=USD&symbol=BTC&side=sell",
      "/exchange?curr=USD&symbol=BTC&side=convert&to=ETH",
      "/exchange?curr=USD&symbol=BTC&side=convert&to=DOGE",
      "/exchange?curr=USD&symbol=BTC&side=sell",
    ]);
  });

  it("sells through /user/sell/sendOrder, with the amount typed on the receiving side and Max for the whole balance", async () => {
    const quote = { ...tradeQuote({ kind: "sell", seconds: 15 }), side: "to" as const };
    const { call } = await open("/exchange?curr=USD&symbol=BTC&side=sell", { tradeQuote: () => quote, sellSendOrder: () => tradeOf(quote) });
    const max = await screen.findByRole("button", { name: /^Max/ }, { timeout: 5_000 });
    expect(max).toHaveAccessibleName("Max 0.01000000 BTC");
    fireEvent.click(max);
    expect(payField()).toHaveValue("0.01000000");
    fireEvent.change(screen.getByRole("textbox", { name: /You receive/ }), { target: { value: "96.78" } });
    await screen.findByRole("region", { name: "Quote" });
    expect(bodiesOf(call, "tradeQuote").at(-1)).toEqual({ kind: "sell", from: "BTC", to: "USD", side: "to", amount: "96.78" });
    // The side not typed shows the quote's exact figure.
    expect(payField()).toHaveValue("0.00100000");
    fireEvent.click(screen.getByRole("button", { name: "Confirm: sell BTC" }));
    await screen.findByRole("heading", { name: "Sold for $96.78" });
    expect(bodiesOf(call, "sellSendOrder")).toEqual([{ quoteId: QUOTE_ID }]);
    expect(bodiesOf(call, "tradeAccept")).toEqual([]);
  });

  it.each([
    ["en", "abc", "Enter an amount as a number, like 100 or 0.5."],
    ["en", "100.001", "Enter whole cents: at most 2 decimal places."],
    ["en", "600", "That is more than you have: \u2066$500.00\u2069 is available."],
    ["en", "0", "Enter an amount above zero."],
    ["ar", "600", "هذا أكثر مما لديك: المتاح \u2066$500.00\u2069."],
    ["ar", "100.001", "أدخل المبلغ بالسنتات الكاملة: منزلتان عشريتان على الأكثر."],
  ] as const)("refuses a bad amount in words with its numbers, before asking (%s, %s)", async (locale, typed, words) => {
    const { call } = await open("/exchange?curr=USD&symbol=BTC", { tradeQuote: () => tradeQuote() }, locale);
    const field = document.querySelector<HTMLInputElement>('input[name="amount-from"]')!;
    await waitFor(() => expect(field).toHaveAccessibleDescription(/500\.00/));
    fireEvent.change(field, { target: { value: typed } });
    await wait(500);
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(words)));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(bodiesOf(call, "tradeQuote")).toEqual([]);
  });

  it("says what the server refused, in Arabic, with the numbers left to right", async () => {
    await open(
      "/exchange?curr=USD&symbol=BTC",
      {
        tradeQuote: () => {
          throw apiError("conflict", "server words", { reason: "houseCannotFill" });
        },
      },
      "ar",
    );
    const field = document.querySelector<HTMLInputElement>('input[name="amount-from"]')!;
    fireEvent.change(field, { target: { value: "100" } });
    await wait(500);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("لا يمكننا");
    expect(screen.getByRole("button", { name: "احصل على عرض سعر جديد" })).toBeEnabled();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(field).toHaveAttribute("dir", "ltr");
  });
});
