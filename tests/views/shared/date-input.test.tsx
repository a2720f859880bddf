import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

// The history's date filters: written as the page writes dates, never in the browser's own format.
const noOrders = { transactionsHistory: () => ({ items: [], nextCursor: null }) };

describe("the history's date filters", { timeout: 20_000 }, () => {
  it("show the address's dates as the page writes them, in English", async () => {
    await renderApp("/history?from=2026-11-01&to=2026-11-30", { user: storedUser, calls: noOrders });
    const from = await screen.findByLabelText("From", {}, { timeout: 10_000 });
    expect(from).toHaveAttribute("type", "text");
    expect(from).toHaveValue("1 Nov 2026");
    expect(screen.getByLabelText("To")).toHaveValue("30 Nov 2026");
    expect(from).toHaveAccessibleDescription("For example 28 Nov 2026 or 28/11/2026");
  });

  it("take day, month and year in the page's order, apply a complete day at once and write it back the page's way", async () => {
    const { call, memory } = await renderApp("/history", { user: storedUser, calls: noOrders });
    const from = await screen.findByLabelText("From", {}, { timeout: 10_000 });
    fireEvent.change(from, { target: { value: "3/4/202" } });
    expect(memory.history?.at(-1)).toBe("/history");
    fireEvent.change(from, { target: { value: "3/4/2026" } });
    // Day first, as the page writes it: 3 April, not March 4th.
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/history?from=2026-04-03"));
    await waitFor(() => expect(bodiesOf(call, "transactionsHistory").at(-1)).toEqual({ limit: 20, from: "2026-04-03" }));
    fireEvent.blur(from);
    expect(from).toHaveValue("3 Apr 2026");
    const to = screen.getByLabelText("To");
    fireEvent.change(to, { target: { value: "30 april 2026" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/history?from=2026-04-03&to=2026-04-30"));
  });

  it("say so when the text is not a day, and change nothing", async () => {
    const { memory } = await renderApp("/history?from=2026-11-01", { user: storedUser, calls: noOrders });
    const from = await screen.findByLabelText("From", {}, { timeout: 10_000 });
    fireEvent.change(from, { target: { value: "31/02/2026" } });
    fireEvent.blur(from);
    expect(from).toHaveAttribute("aria-invalid", "true");
    expect(from).toHaveAccessibleDescription("Enter a day such as 28 Nov 2026.");
    expect(memory.history?.at(-1)).toBe("/history?from=2026-11-01");
    // Emptied, the filter goes.
    fireEvent.change(from, { target: { value: "" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/history"));
    expect(from).not.toHaveAttribute("aria-invalid");
  });

  it("clear with Clear filters", async () => {
    await renderApp("/history?to=2026-11-30", { user: storedUser, calls: noOrders });
    const to = await screen.findByLabelText("To", {}, { timeout: 10_000 });
    expect(to).toHaveValue("30 Nov 2026");
    fireEvent.click(within(screen.getByRole("search")).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(to).toHaveValue(""));
  });

  it("write and read dates the Arabic page's way, with Latin digits", async () => {
    const { memory } = await renderApp("/history?from=2026-11-01", { user: storedUser, locale: "ar", calls: noOrders });
    const from = await screen.findByLabelText("من", {}, { timeout: 10_000 });
    expect(from).toHaveValue("01/11/2026");
    expect(from).toHaveAccessibleDescription("مثال: 28/11/2026");
    const to = screen.getByLabelText("إلى");
    fireEvent.change(to, { target: { value: "30 نوفمبر 2026" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/history?from=2026-11-01&to=2026-11-30"));
    fireEvent.blur(to);
    expect(to).toHaveValue("30/11/2026");
  });
});
