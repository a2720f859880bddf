import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

// The trade kinds as they are today, and as the trading module will set them (contract/tradeKinds.ts).

const bottomBar = () => screen.getByRole("navigation", { name: "Main" });
const barLinks = () =>
  within(bottomBar())
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("buying from the navigation", { timeout: 20_000 }, () => {
  it("is one tap on the phone's bottom bar, and in the sidebar, while buying is the only trade", async () => {
    await renderApp("/dashboard", { user: storedUser, tradeKinds: ["buy"] });
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(barLinks()).toEqual([
      ["Dashboard", "/dashboard"],
      ["Market", "/market"],
      ["Buy", "/buy"],
      ["Portfolio", "/portfolio"],
    ]);
    const sidebar = screen.getByRole("navigation", { name: "Trading" });
    expect(within(sidebar).getByRole("link", { name: "Buy" })).toHaveAttribute("href", "/buy");
  });

  it("goes through the Exchange's ticket on the bar once it sells and converts too (as it does now: the exchange ticket trades all three)", async () => {
    await renderApp("/dashboard", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(barLinks()).toContainEqual(["Exchange", "/exchange?curr=USD&symbol=BTC"]);
    expect(barLinks()).toHaveLength(4);
  });

  it("names it in Arabic", async () => {
    await renderApp("/dashboard", { user: storedUser, locale: "ar", tradeKinds: ["buy"] });
    const bar = await screen.findByRole("navigation", { name: "الرئيسية" });
    expect(within(bar).getByRole("link", { name: "شراء" })).toHaveAttribute("href", "/buy");
  });
});

describe("the dashboard", { timeout: 20_000 }, () => {
  it("shows the user's balances before the market cards (first on a phone, where the cards stack)", async () => {
    await renderApp("/dashboard", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    const headings = within(screen.getByRole("main"))
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings[0]).toBe("Your balances");
    expect(headings.slice(1)).toEqual(["Your favourites", "Top gainers (24h)", "Top losers (24h)", "Market summary"]);
  });
});
