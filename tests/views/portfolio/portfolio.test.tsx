import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";
import { balances, noBalances } from "../../../machines/portfolio/portfolio.fixtures.ts";

const assetRows = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.getAttribute("data-symbol"));

describe("the portfolio page", { timeout: 20_000 }, () => {
  it("shows the total and each asset's available, on-hold and value, largest first, in the chosen currency", async () => {
    const { call } = await renderApp("/portfolio", { user: storedUser, calls: { balances: ({ currency }) => balances(currency === "EUR" ? "EUR" : "USD") } });
    expect(await screen.findByTestId("portfolio-total", {}, { timeout: 10_000 })).toHaveTextContent("$7,966.67");
    expect(assetRows()).toEqual(["ETH", "BTC", "DOGE"]);
    const btc = within(screen.getByRole("row", { name: /Bitcoin/ }));
    expect(btc.getByText("0.01500000 BTC")).toBeInTheDocument();
    expect(btc.getByText("0.00500000 BTC")).toBeInTheDocument();
    expect(btc.getByText("$1,942.47")).toBeInTheDocument();
    // No price for DOGE yet: its value says so instead of a zero.
    expect(within(screen.getByRole("row", { name: /Dogecoin/ })).getByText("—")).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Transaction history" })).toHaveAttribute("href", "/history");

    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "EUR" } });
    await waitFor(() => expect(screen.getByTestId("portfolio-total")).toHaveTextContent("€7,328.26"));
    expect(bodiesOf(call, "balances")).toContainEqual({ currency: "EUR" });
    expect(within(screen.getByRole("row", { name: /Ethereum/ })).getByText("€5,542.26")).toBeInTheDocument();
  });

  it("shows cash by its currency's name, in cents (not as a coin of eight digits)", async () => {
    const withCash = { ...balances(), balances: [...balances().balances, { asset: "USD", available: "8.94", held: "0", value: "8.94" }] };
    await renderApp("/portfolio", { user: storedUser, calls: { balances: () => withCash } });
    const cash = within(await screen.findByRole("row", { name: /US dollar/ }, { timeout: 10_000 }));
    expect(cash.getAllByText("$8.94")).toHaveLength(2);
    expect(cash.getByText("$0.00")).toBeInTheDocument();
  });

  it("tells a new user they hold nothing yet and links to the Buy page", async () => {
    await renderApp("/portfolio", { user: storedUser, calls: { balances: () => noBalances() } });
    expect(await screen.findByText("You have no crypto yet", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Buy crypto" })).toHaveAttribute("href", "/buy?symbol=BTC&curr=USD");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says when the balances cannot be loaded, and asks again at once when told to", async () => {
    let fail = true;
    const { call } = await renderApp("/portfolio", {
      user: storedUser,
      calls: {
        balances: () => {
          if (fail) throw Object.assign(new Error("Failed to fetch"), { code: "network" });
          return balances();
        },
      },
    });
    await screen.findByText(/Your balances could not be loaded/, {}, { timeout: 10_000 });
    const asked = bodiesOf(call, "balances").length;
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    // The retry asks now, not after the back-off.
    expect(bodiesOf(call, "balances").length).toBe(asked + 1);
    expect(await screen.findByTestId("portfolio-total")).toHaveTextContent("$7,966.67");
  });
});

describe("the dashboard's balances card", { timeout: 20_000 }, () => {
  it("shows the total and the largest holdings, each available and on hold, beside the market cards", async () => {
    await renderApp("/dashboard", { user: storedUser, calls: { balances: () => balances() } });
    expect(await screen.findByTestId("dashboard-total", {}, { timeout: 10_000 })).toHaveTextContent("$7,966.67");
    const card = within(screen.getByRole("region", { name: "Your balances" }));
    expect(card.getAllByRole("listitem").map((item) => item.getAttribute("data-symbol"))).toEqual(["ETH", "BTC", "DOGE"]);
    const btc = within(card.getAllByRole("listitem")[1]!);
    expect(btc.getByText("0.01500000 BTC").parentElement).toHaveTextContent("Available");
    expect(btc.getByText("0.00500000 BTC").parentElement).toHaveTextContent("On hold");
    expect(card.getByRole("link", { name: "See your portfolio" })).toHaveAttribute("href", "/portfolio");
    // What was there stays.
    expect(screen.getByRole("region", { name: "Top gainers (24h)" })).toBeInTheDocument();
  });

  it("offers a first buy to a user with nothing yet", async () => {
    await renderApp("/dashboard", { user: storedUser });
    const card = within(screen.getByRole("region", { name: "Your balances" }));
    expect(await card.findByText("You have no crypto yet", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(card.getByRole("link", { name: "Buy crypto" })).toHaveAttribute("href", "/buy?symbol=BTC&curr=USD");
  });
});
