// The portfolio's profit and loss and the buy/sell report as a person sees them: the method named
// on the page and chosen (remembered), the holdings' figures, the value over time with its text
// alternative, and the report's period kept in the address with its CSV and print controls.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CostMethod, Portfolio, PortfolioValue, Report } from "../../../contract/index.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { balances } from "../../../machines/portfolio/portfolio.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

const portfolio = (method: CostMethod = "fifo"): Portfolio => ({
  currency: "USD",
  method,
  holdings: [
    {
      asset: "BTC",
      kind: "coin",
      amount: "0.00500000",
      price: "60000.00",
      value: "300.00",
      share: "67.27",
      costBasis: method === "fifo" ? "262.60" : "256.30",
      unrealised: method === "fifo" ? "37.40" : "43.70",
      realised: method === "fifo" ? "128.40" : "122.10",
      unknownBasisSales: 0,
    },
    {
      asset: "USD",
      kind: "cash",
      amount: "146.00",
      price: "1",
      value: "146.00",
      share: "32.73",
      costBasis: "146.00",
      unrealised: "0.00",
      realised: "0.00",
      unknownBasisSales: 0,
    },
  ],
  total: {
    value: "446.00",
    costBasis: method === "fifo" ? "408.60" : "402.30",
    unrealised: method === "fifo" ? "37.40" : "43.70",
    realised: method === "fifo" ? "128.40" : "122.10",
  },
});
const value = (range: PortfolioValue["range"] = "1M"): PortfolioValue => ({
  currency: "USD",
  range,
  points: [
    { date: "2026-11-21", value: "0.00" },
    { date: "2026-11-22", value: "1000.00" },
    { date: "2026-11-23", value: "446.00" },
  ],
});
const report = (method: CostMethod = "fifo"): Report => ({
  currency: "USD",
  method,
  from: "2026-11-01",
  to: "2026-11-30",
  assets: [
    {
      asset: "BTC",
      bought: "0.02000000",
      boughtValue: "1015.00",
      averageBuyPrice: "50750.00",
      sold: "0.01500000",
      soldValue: "900.00",
      averageSellPrice: "60000.00",
      convertedIn: "0",
      convertedOut: "0",
      fees: "19.20",
      realised: "128.40",
      unknownBasisSales: 0,
    },
  ],
  totals: { boughtValue: "1015.00", soldValue: "900.00", fees: "19.20", realised: "128.40" },
  csv: "id,time\r\n",
  filename: "sarraf-buy-sell-report.csv",
});

describe("profit and loss on the portfolio page", { timeout: 20_000 }, () => {
  it("names the method, shows each holding's cost basis and P&L, and changes method when asked, remembering it", async () => {
    localStorage.removeItem("sarraf.costMethod");
    const { call } = await renderApp("/portfolio", {
      user: storedUser,
      calls: { balances: () => balances(), portfolio: ({ method }) => portfolio(method), portfolioValue: ({ range }) => value(range) },
    });
    expect(await screen.findByTestId("pnl-method", {}, { timeout: 10_000 })).toHaveTextContent("FIFO");
    const table = within(screen.getByRole("table", { name: /Profit and loss, cost basis FIFO/ }));
    const btc = within(table.getByRole("row", { name: /Bitcoin/ }));
    expect(btc.getByText("$262.60")).toBeInTheDocument();
    expect(btc.getByText("$37.40")).toBeInTheDocument();
    expect(btc.getByText("$128.40")).toBeInTheDocument();
    expect(btc.getByText("67.27%")).toBeInTheDocument();
    expect(within(screen.getByTestId("pnl-totals")).getByText("$408.60")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("radio", { name: "Average cost" }));
    await waitFor(() => expect(screen.getByTestId("pnl-method")).toHaveTextContent("Average cost"));
    expect(bodiesOf(call, "portfolio")).toContainEqual({ currency: "USD", method: "average" });
    const average = within(screen.getByRole("table", { name: /Profit and loss, cost basis Average cost/ }));
    expect(within(average.getByRole("row", { name: /Bitcoin/ })).getByText("$256.30")).toBeInTheDocument();
    expect(localStorage.getItem("sarraf.costMethod")).toBe("average");
    expect(screen.getByRole("link", { name: "Buy/sell report" })).toHaveAttribute("href", "/portfolio/report");
  });

  it("says the value over time in words and as a table, and asks for another range", async () => {
    const { call } = await renderApp("/portfolio", {
      user: storedUser,
      calls: { balances: () => balances(), portfolio: () => portfolio(), portfolioValue: ({ range }) => value(range) },
    });
    // The chart's canvas is hidden from screen readers; its caption says what it shows, and the days follow as a table.
    const caption = (await screen.findByText("Daily values", {}, { timeout: 10_000 })).closest("figcaption")!;
    expect(caption).toHaveTextContent(/^From \$0\.00 on .*21.* to \$446\.00 on .*23/);
    expect(within(caption).getAllByRole("row")).toHaveLength(4);
    // The chart draws its days in the next animation frames, measuring its axis labels, as in a
    // browser (setup.ts gives jsdom's canvas a 2D context that draws nothing).
    const chart = document.querySelector(".value-chart")!;
    await waitFor(() => expect(chart).toHaveAttribute("data-chart", "drawn"));
    expect(chart).toHaveAttribute("data-points", "3");
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    fireEvent.click(screen.getByRole("button", { name: "1W" }));
    await waitFor(() => expect(bodiesOf(call, "portfolioValue")).toContainEqual({ currency: "USD", range: "1W" }));
    expect(screen.getByRole("button", { name: "1W" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("the buy/sell report", { timeout: 20_000 }, () => {
  it("asks for the period in the address, shows the figures and totals, and keeps a changed period in the address", async () => {
    localStorage.removeItem("sarraf.costMethod");
    const { call, memory } = await renderApp("/portfolio/report?from=2026-11-01&to=2026-11-30", {
      user: storedUser,
      calls: { buySellReport: ({ method }) => report(method) },
    });
    const table = within(await screen.findByRole("table", { name: /By asset in USD, cost basis FIFO/ }, { timeout: 10_000 }));
    expect(bodiesOf(call, "buySellReport")).toContainEqual({ currency: "USD", method: "fifo", from: "2026-11-01", to: "2026-11-30" });
    const btc = within(table.getByRole("row", { name: /BTC/ }));
    expect(btc.getByText("$50,750.00")).toBeInTheDocument();
    expect(btc.getByText("$128.40")).toBeInTheDocument();
    expect(within(screen.getByTestId("report-totals")).getByText("$19.20")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Print" })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-10-01" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/portfolio/report?from=2026-10-01&to=2026-11-30"));
    await waitFor(() => expect(bodiesOf(call, "buySellReport")).toContainEqual({ currency: "USD", method: "fifo", from: "2026-10-01", to: "2026-11-30" }));
  });

  it("reads in Arabic, right to left, with the figures kept left to right", async () => {
    await renderApp("/portfolio/report?from=2026-11-01&to=2026-11-30", {
      user: storedUser,
      locale: "ar",
      calls: { buySellReport: ({ method }) => report(method) },
    });
    const table = await screen.findByRole("table", { name: /حسب الأصل بعملة USD، أساس التكلفة FIFO/ }, { timeout: 10_000 });
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(within(table).getByRole("columnheader", { name: "متوسط سعر الشراء" })).toBeInTheDocument();
    // Every amount sits in its own left-to-right island inside the Arabic.
    const total = within(screen.getByTestId("report-totals")).getByText(/19\.20/);
    expect(total.closest("bdi")).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("button", { name: "تنزيل CSV" })).toBeEnabled();
  });
});
