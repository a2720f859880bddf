// The Buy page's unpaid orders (issue 24 items 13 and 14), in jsdom with the API faked at the call:
// a remembered unpaid order is offered beside the form of the asset asked for, not imposed; it can
// be cancelled; "Start a new order instead" cancels it first and opens the asked-for asset's form;
// a closed payment window is noticed and offers reopen or cancel.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { OrderStatus } from "../../../contract/index.ts";
import { buyOrder, buyQuote, ORDER_ID, orderTimelines, PAYMENT_URL } from "../../../machines/onramp/onramp.fixtures.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

// The remembered order is a $100 BTC one; the page asks for ETH.
const btc = (status: OrderStatus) => buyOrder(status, { asset: "BTC", timeline: orderTimelines[status] });

function fakeWindows() {
  const popup = { closed: false, location: { href: "about:blank" }, focus: vi.fn(), close: vi.fn(() => (popup.closed = true)) };
  const open = vi.spyOn(window, "open").mockImplementation(() => {
    popup.closed = false;
    return popup as unknown as Window;
  });
  return { popup, open };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("unpaid orders on the Buy page", { timeout: 20_000 }, () => {
  it("offers a remembered unpaid BTC order beside the ETH form asked for, and cancels it there", async () => {
    localStorage.setItem("sarraf.pendingBuy", ORDER_ID);
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: { swipeluxStatus: () => btc("pending"), swipeluxCancel: () => btc("cancelled"), swipeluxQuote: () => buyQuote({ asset: "ETH" }) },
    });
    const asset = await screen.findByRole("combobox", { name: "Asset" }, { timeout: 10_000 });
    await screen.findByRole("heading", { name: "You have an unpaid order" });
    expect(asset).toHaveValue("ETH");
    expect(screen.getByRole("region", { name: "You have an unpaid order" })).toHaveTextContent("BTC for $100.00");
    fireEvent.click(screen.getByRole("button", { name: "Cancel that order" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "You have an unpaid order" })).toBeNull());
    expect(bodiesOf(call, "swipeluxCancel")).toEqual([{ orderId: ORDER_ID }]);
    expect(localStorage.getItem("sarraf.pendingBuy")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Asset" })).toHaveValue("ETH");
  });

  it('"Start a new order instead" cancels the old order first, then opens the form of the asset asked for', async () => {
    localStorage.setItem("sarraf.pendingBuy", ORDER_ID);
    const { call } = await renderApp("/buy?symbol=ETH&curr=USD", {
      user: storedUser,
      calls: { swipeluxStatus: () => btc("pending"), swipeluxCancel: () => btc("cancelled") },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Continue paying" }, { timeout: 10_000 }));
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    fireEvent.click(screen.getByRole("button", { name: "Start a new order instead" }));
    const asset = await screen.findByRole("combobox", { name: "Asset" });
    expect(bodiesOf(call, "swipeluxCancel")).toEqual([{ orderId: ORDER_ID }]);
    expect(asset).toHaveValue("ETH");
    expect(screen.getByRole("textbox", { name: /You pay/ })).toHaveValue("");
  });

  it("notices the payment window closed, reopens it, and cancels the order", async () => {
    const windows = fakeWindows();
    const { call } = await renderApp("/buy?symbol=BTC&curr=USD", {
      user: storedUser,
      calls: {
        swipeluxQuote: () => buyQuote(),
        swipeluxSendOrder: () => btc("pending"),
        swipeluxStatus: () => btc("pending"),
        swipeluxCancel: () => btc("cancelled"),
      },
    });
    fireEvent.change(await screen.findByRole("textbox", { name: /You pay/ }, { timeout: 10_000 }), { target: { value: "100" } });
    const pay = screen.getByRole("button", { name: "Pay by card" });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await screen.findByRole("heading", { name: "Waiting for your payment" });
    expect(screen.queryByText(/You closed the payment window/)).toBeNull();

    windows.popup.closed = true;
    await wait(600);
    await screen.findByText(/You closed the payment window/);
    fireEvent.click(screen.getByRole("button", { name: "Reopen the payment page" }));
    expect(windows.open).toHaveBeenLastCalledWith(PAYMENT_URL, "sarraf-payment", expect.stringContaining("width=500"));
    await waitFor(() => expect(screen.queryByText(/You closed the payment window/)).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Cancel this order" }));
    await screen.findByRole("heading", { name: "The payment was cancelled" });
    expect(bodiesOf(call, "swipeluxCancel")).toEqual([{ orderId: ORDER_ID }]);
    expect(windows.popup.close).toHaveBeenCalled();
  });
});
