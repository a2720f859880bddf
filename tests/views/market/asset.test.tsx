import { describe, expect, it } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import type { PriceHistory, PriceHistoryBody } from "../../../contract/index.ts";
import { renderApp } from "../renderApp.tsx";

const changes = { "1D": "1.50", "1W": "-3.25", "1M": "12.00", "1Y": "80.10" } as const;
const history = ({ symbol, currency = "USD", range = "1D" }: PriceHistoryBody): PriceHistory => ({
  symbol,
  currency: currency as PriceHistory["currency"],
  range,
  points: [
    { t: 1_763_800_000, p: "95000.00" },
    { t: 1_763_803_600, p: "97123.45" },
  ],
  high: "97200.00",
  low: "94900.00",
  change: changes[range],
  at: "2026-11-23T10:00:00.000Z",
  ageSeconds: 1,
  stale: false,
  source: "simulator",
});

// The trade kinds are the product's one switch (contract/tradeKinds.ts): these tests read it as it
// is today, and as the trading module will set it (renderApp's tradeKinds), to see every button follow it.
const tradeButtons = () =>
  within(screen.getByRole("main"))
    .getAllByRole("link")
    .filter((link) => link.closest(".trade-actions"))
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("the asset page", { timeout: 20_000 }, () => {
  it("offers only the trades that exist: with buying alone, no sell or exchange that leads nowhere", async () => {
    await renderApp("/market/BTC", { user: storedUser, tradeKinds: ["buy"], calls: { priceHistory: history } });
    await screen.findByRole("link", { name: "Buy BTC" }, { timeout: 10_000 });
    expect(tradeButtons()).toEqual([["Buy BTC", "/buy?symbol=BTC&curr=USD"]]);
    expect(screen.queryByRole("link", { name: /Sell BTC|Exchange BTC/ })).not.toBeInTheDocument();
  });

  it("shows Sell and Exchange once the trading module turns them on (as it does now: the exchange ticket trades all three)", async () => {
    await renderApp("/market/BTC", { user: storedUser, calls: { priceHistory: history } });
    await screen.findByRole("link", { name: "Buy BTC" }, { timeout: 10_000 });
    expect(tradeButtons()).toEqual([
      ["Buy BTC", "/buy?symbol=BTC&curr=USD"],
      ["Sell BTC", "/exchange?curr=USD&symbol=BTC&side=sell"],
      ["Exchange BTC", "/exchange?curr=USD&symbol=BTC&side=convert"],
    ]);
  });

  it("names the period of the change beside the price, following the chart's range", async () => {
    await renderApp("/market/BTC", { user: storedUser, calls: { priceHistory: history } });
    const quote = () => document.querySelector(".asset-change");
    await screen.findByText("24h change", {}, { timeout: 10_000 });
    expect(quote()).toHaveTextContent("24h change +1.50%");
    fireEvent.click(screen.getByRole("button", { name: /1W/ }));
    await screen.findByText("1W change");
    expect(quote()).toHaveTextContent("1W change −3.25%");
    fireEvent.click(screen.getByRole("button", { name: /1Y/ }));
    await screen.findByText("1Y change");
    expect(quote()).toHaveTextContent("1Y change +80.10%");
  });

  it("names the period in Arabic", async () => {
    await renderApp("/market/BTC", { user: storedUser, locale: "ar", calls: { priceHistory: history } });
    await screen.findByText("التغيّر 24 ساعة", { selector: ".asset-change-label" }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole("button", { name: /1M/ }));
    await screen.findByText("التغيّر خلال شهر");
    expect(document.querySelector(".asset-change")).toHaveTextContent("التغيّر خلال شهر +12.00%");
  });
});

describe("the home page", { timeout: 20_000 }, () => {
  it("promises only the trades that exist", async () => {
    await renderApp("/", { tradeKinds: ["buy"] });
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Buy crypto with confidence");
    expect(screen.queryByRole("heading", { name: "Sell and exchange" })).not.toBeInTheDocument();
    expect(screen.queryByText(/sell/i)).not.toBeInTheDocument();
  });

  it("promises selling and exchanging once both exist (as they do now)", async () => {
    await renderApp("/");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Buy, sell and exchange crypto with confidence");
    expect(screen.getByRole("heading", { name: "Sell and exchange" })).toBeInTheDocument();
  });
});
