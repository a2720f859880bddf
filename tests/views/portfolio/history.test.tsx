import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { HistoryBody } from "../../../contract/index.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";
import { historyConvert, historyOrder as order, historySell, historyWithdrawal } from "../../../machines/portfolio/portfolio.fixtures.ts";

const main = () => within(screen.getByRole("main"));
const listed = () => [...document.querySelectorAll("[data-order]")].map((item) => item.getAttribute("data-order")!.slice(-2));
const network = () => Object.assign(new Error("Failed to fetch"), { code: "network" });

describe("the transaction history", { timeout: 20_000 }, () => {
  it("sends the filters of the address, keeps a changed filter in the address, and asks again with it", async () => {
    const { call, memory } = await renderApp("/history?asset=BTC&status=completed&from=2026-11-01", {
      user: storedUser,
      calls: { transactionsHistory: () => ({ items: [order(1)], nextCursor: null }) },
    });
    await main().findByText("That is every order.", {}, { timeout: 10_000 });
    expect(bodiesOf(call, "transactionsHistory")).toEqual([{ limit: 20, asset: "BTC", status: "completed", from: "2026-11-01" }]);
    expect(screen.getByLabelText("Status")).toHaveValue("completed");
    expect(screen.getByLabelText("From")).toHaveValue("1 Nov 2026");

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "failed" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-30" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/history?asset=BTC&status=failed&from=2026-11-01&to=2026-11-30"));
    await waitFor(() =>
      expect(bodiesOf(call, "transactionsHistory").at(-1)).toEqual({ limit: 20, asset: "BTC", status: "failed", from: "2026-11-01", to: "2026-11-30" }),
    );
  });

  it("offers every kind a trader can make (card buys, buys with cash, sells, converts) and asks for the one chosen", async () => {
    const { call, memory } = await renderApp("/history", { user: storedUser, calls: { transactionsHistory: () => ({ items: [order(1)], nextCursor: null }) } });
    await main().findByText("That is every order.", {}, { timeout: 10_000 });
    const type = screen.getByLabelText("Type");
    expect([...type.querySelectorAll("option")].map((option) => option.textContent)).toEqual(["All types", "Buy", "Buy with cash", "Sell", "Convert"]);
    fireEvent.change(type, { target: { value: "sell" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/history?type=sell"));
    await waitFor(() => expect(bodiesOf(call, "transactionsHistory").at(-1)).toEqual({ limit: 20, type: "sell" }));
  });

  it("lists orders newest first and appends the next page from the cursor", async () => {
    const { call } = await renderApp("/history", {
      user: storedUser,
      calls: {
        transactionsHistory: (body: HistoryBody) =>
          body.cursor === "page-2" ? { items: [order(3, "failed")], nextCursor: null } : { items: [order(1), order(2, "pending")], nextCursor: "page-2" },
      },
    });
    const more = await main().findByRole("button", { name: "Load more" }, { timeout: 10_000 });
    expect(listed()).toEqual(["01", "02"]);
    const first = within(document.querySelector("[data-order$='01']") as HTMLElement);
    expect(first.getByText("Buy")).toBeInTheDocument();
    expect(first.getByText("0.00100000 BTC")).toBeInTheDocument();
    expect(first.getByText("$101.00")).toBeInTheDocument();
    expect(first.getByText("Completed")).toHaveAttribute("data-status", "completed");
    expect(within(document.querySelector("[data-order$='02']") as HTMLElement).getByText("Awaiting payment")).toBeInTheDocument();

    fireEvent.click(more);
    await main().findByText("That is every order.");
    expect(listed()).toEqual(["01", "02", "03"]);
    expect(bodiesOf(call, "transactionsHistory").at(-1)).toEqual({ limit: 20, cursor: "page-2" });
    expect(main().queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("opens a row to show the order's timeline with its times", async () => {
    await renderApp("/history", { user: storedUser, calls: { transactionsHistory: () => ({ items: [order(1)], nextCursor: null }) } });
    await main().findByText("That is every order.", {}, { timeout: 10_000 });
    const row = within(document.querySelector("[data-order]") as HTMLElement);
    const toggle = row.getByRole("button");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(row.queryByText("Card payment received")).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const steps = within(row.getByRole("list")).getAllByRole("listitem");
    expect(steps.map((step) => step.querySelector(".timeline-word")?.textContent)).toEqual([
      "Order created",
      "Card payment received",
      "Credited to your balance",
    ]);
    expect(steps.map((step) => step.querySelector("time")?.getAttribute("datetime"))).toEqual([
      "2026-11-29T10:00:00.000Z",
      "2026-11-29T10:02:00.000Z",
      "2026-11-29T10:05:00.000Z",
    ]);
    expect(steps[0]!.querySelector("time")?.textContent).toMatch(/2026/);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("shows a new user how to make a first buy", async () => {
    await renderApp("/history", { user: storedUser, calls: { transactionsHistory: () => ({ items: [], nextCursor: null }) } });
    expect(await main().findByText("No transactions yet", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(main().getByRole("link", { name: "Make your first buy" })).toHaveAttribute("href", "/buy?symbol=BTC&curr=USD");
    expect(main().queryByText("No transactions match these filters")).not.toBeInTheDocument();
  });

  it("says when filters match nothing, and clears them", async () => {
    const { call, memory } = await renderApp("/history?status=expired", {
      user: storedUser,
      calls: { transactionsHistory: (body: HistoryBody) => (body.status ? { items: [], nextCursor: null } : { items: [order(1)], nextCursor: null }) },
    });
    expect(await main().findByText("No transactions match these filters", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(main().queryByText("No transactions yet")).not.toBeInTheDocument();
    fireEvent.click(main().getAllByRole("button", { name: "Clear filters" }).at(-1)!);
    await main().findByText("That is every order.");
    expect(memory.history?.at(-1)).toBe("/history");
    expect(bodiesOf(call, "transactionsHistory").at(-1)).toEqual({ limit: 20 });
    expect(screen.getByLabelText("Status")).toHaveValue("");
  });

  it("says when the list cannot be loaded, and loads it when asked again", async () => {
    let fail = true;
    await renderApp("/history", {
      user: storedUser,
      calls: {
        transactionsHistory: () => {
          if (fail) throw network();
          return { items: [order(1)], nextCursor: null };
        },
      },
    });
    const alert = await main().findByRole("alert", {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent("Your transactions could not be loaded.");
    expect(alert).toHaveTextContent("We could not reach Sarraf.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await main().findByText("That is every order.");
    expect(listed()).toEqual(["01"]);
  });

  it("keeps what is listed when the next page fails, and tries it again", async () => {
    let fail = true;
    await renderApp("/history", {
      user: storedUser,
      calls: {
        transactionsHistory: (body: HistoryBody) => {
          if (!body.cursor) return { items: [order(1)], nextCursor: "page-2" };
          if (fail) throw network();
          return { items: [order(2)], nextCursor: null };
        },
      },
    });
    fireEvent.click(await main().findByRole("button", { name: "Load more" }, { timeout: 10_000 }));
    expect(await main().findByText(/The next orders could not be loaded/)).toBeInTheDocument();
    expect(listed()).toEqual(["01"]);
    fail = false;
    fireEvent.click(main().getByRole("button", { name: "Try again" }));
    await main().findByText("That is every order.");
    expect(listed()).toEqual(["01", "02"]);
  });

  it("shows the server's refusal of a date beside its field", async () => {
    const refusal = Object.assign(new Error("Some fields are not valid."), {
      code: "badRequest",
      data: { reason: "validation", fields: { from: "Enter a date as YYYY-MM-DD." }, fieldKeys: { from: "date.invalid" } },
    });
    await renderApp("/history?from=2026-02-30", {
      user: storedUser,
      calls: {
        transactionsHistory: (body: HistoryBody) => {
          if (body.from === "2026-02-30") throw refusal;
          return { items: [order(1)], nextCursor: null };
        },
      },
    });
    expect(await main().findByText("Enter a date as YYYY-MM-DD.", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText("From")).toHaveAttribute("aria-invalid", "true");
    expect(main().queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-02-28" } });
    await main().findByText("That is every order.");
    expect(screen.getByLabelText("From")).not.toHaveAttribute("aria-invalid");
  });
});

describe("entries of the kinds trading and withdrawals add", { timeout: 20_000 }, () => {
  it.each([
    ["en", "Sell", "+$958.10", "Withdrawal", "−0.50000000 ETH"],
    ["ar", "بيع", "+$958.10", "سحب", "−0.50000000 ETH"],
  ] as const)("lists a sell and a withdrawal with their kind, amount and status (%s)", async (locale, sell, received, withdrawal, sent) => {
    await renderApp("/history", {
      user: storedUser,
      locale,
      calls: { transactionsHistory: () => ({ items: [historySell(1), order(2), historyWithdrawal(3)], nextCursor: null }) },
    });
    await waitFor(() => expect(document.querySelectorAll("[data-entry]")).toHaveLength(2), { timeout: 10_000 });
    const rows = [...document.querySelectorAll<HTMLElement>(".history-item")];
    expect(rows.map((row) => row.getAttribute("data-entry") ?? row.getAttribute("data-order"))).toEqual([
      historySell(1).id,
      order(2).id,
      historyWithdrawal(3).id,
    ]);
    const [first, , third] = rows.map((row) => within(row));
    expect(first!.getByText(sell)).toBeInTheDocument();
    expect(rows[0]!.querySelector(".history-received")?.textContent?.replace(/[\u2066-\u2069]/g, "")).toBe(received);
    expect(first!.getByText(locale === "en" ? "Completed" : "مكتمل")).toHaveAttribute("data-status", "completed");
    expect(third!.getByText(withdrawal)).toBeInTheDocument();
    expect(rows[2]!.querySelector(".history-received")?.textContent?.replace(/[\u2066-\u2069]/g, "")).toBe(sent);
    expect(third!.getByText(locale === "en" ? "Processing" : "قيد المعالجة")).toHaveAttribute("data-status", "processing");
  });

  it.each([
    ["en", "From 0.00050000 BTC", "1 BTC = 33.96 ETH", "Rate"],
    ["ar", "من 0.00050000 BTC", "1 BTC = 33.96 ETH", "سعر التحويل"],
  ] as const)("shows a conversion's coins with their own digits and opens to its rate, fee and quote (%s)", async (locale, given, rate, rateTerm) => {
    await renderApp("/history", {
      user: storedUser,
      locale,
      calls: { transactionsHistory: () => ({ items: [historyConvert(1)], nextCursor: null }) },
    });
    await waitFor(() => expect(document.querySelectorAll("[data-entry]")).toHaveLength(1), { timeout: 10_000 });
    const row = document.querySelector<HTMLElement>("[data-entry]")!;
    const plainText = (element: Element | null) => element?.textContent?.replace(/[\u2066-\u2069]/g, "");
    // Not "+0.02 ETH": a coin keeps its digits (8 at most), as a card buy's row does.
    expect(plainText(row.querySelector(".history-received"))).toBe("+0.01681235 ETH");
    expect(plainText(row.querySelector(".history-paid"))).toBe(given);
    const toggle = within(row).getByRole("button");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const facts = within(row.querySelector(".history-details")!);
    expect(facts.getByText(rateTerm)).toBeInTheDocument();
    expect(facts.getByText(rate)).toBeInTheDocument();
    expect([...row.querySelectorAll(".history-facts dd")].map(plainText)).toContain("0.00016800 ETH");
    expect(facts.getByText(historyConvert(1).quoteId)).toBeInTheDocument();
  });
});
