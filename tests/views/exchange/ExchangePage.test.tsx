import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Balances } from "../../../contract/index.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { QUOTE_ID, tradeOf, tradeQuote } from "../../../machines/exchange/exchange.fixtures.ts";
import { bodiesOf, renderApp, type FakeCalls } from "../renderApp.tsx";

const held = (currency: "USD" | "EUR" = "USD"): Balances => ({
  currency,
  balances: [
    { asset: "USD", available: "500.00", held: "0.00", value: "500.00" },
    { asset: "BTC", available: "0.01000000", held: "0.00000000", value: "971.23" },
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
    calls: { balances: ({ currency }) => held(currency === "EUR" ? "EUR" : "USD"), ...calls },
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
    const heading = await screen.findByRole("heading", { name: "Bought: 0.00102603 BTC" });
    expect(heading).toHaveFocus();
    expect(accepts).toBe(1);
    expect(bodiesOf(call, "tradeAccept")).toEqual([{ quoteId: QUOTE_ID }]);
    expect(screen.getByText("Executed exactly as quoted.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your portfolio" })).toHaveAttribute("href", "/portfolio");
  });
});
