import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Asset, CurrencyList, Tickers } from "../../../contract/index.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

const signedIn = { Token: "token-1", email: "trader@example.com" };
const asset = (symbol: string, en: string, ar: string, rank: number): Asset => ({
  symbol,
  name: { en, ar },
  decimals: 8,
  color: "#f7931a",
  rank,
  tradable: true,
  stablecoin: false,
});
const list: CurrencyList = {
  assets: [asset("BTC", "Bitcoin", "بيتكوين", 1), asset("ETH", "Ethereum", "إيثيريوم", 2), asset("DOGE", "Dogecoin", "دوجكوين", 9)],
  currencies: [
    { code: "USD", name: { en: "US dollar", ar: "دولار أمريكي" }, decimals: 2, perUsd: "1" },
    { code: "EUR", name: { en: "Euro", ar: "يورو" }, decimals: 2, perUsd: "0.92" },
  ],
  favourites: ["BTC"],
};
const ticker = (symbol: string, price: string, change24h: string) => ({
  symbol,
  price,
  change24h,
  high24h: price,
  low24h: price,
  volume24h: "1000",
  sparkline: [price, price],
});
const tickers = (currency: "USD" | "EUR" = "USD"): Tickers => ({
  currency,
  tickers: [ticker("BTC", "97123.45", "1.50"), ticker("ETH", "3012.10", "-2.25"), ticker("DOGE", "0.1234", "7.00")],
  at: "2026-11-23T10:00:00.000Z",
  ageSeconds: 1,
  stale: false,
  source: "simulator",
});
const symbols = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.getAttribute("data-symbol"));

describe("the market page", { timeout: 20_000 }, () => {
  it("lists prices, sorts by a header that says how it is sorted, and searches Arabic names", async () => {
    await renderApp("/market", { user: signedIn, locale: "ar", calls: { currencyList: () => list, marketTickers: () => tickers() } });
    await screen.findByText("\u2066$97,123.45\u2069", {}, { timeout: 10_000 });
    expect(symbols()).toEqual(["BTC", "ETH", "DOGE"]);
    const change = screen.getByRole("button", { name: /التغيّر 24 ساعة/ });
    fireEvent.click(change);
    expect(change.closest("th")).toHaveAttribute("aria-sort", "descending");
    expect(symbols()).toEqual(["DOGE", "BTC", "ETH"]);
    fireEvent.click(change);
    expect(change.closest("th")).toHaveAttribute("aria-sort", "ascending");
    expect(symbols()).toEqual(["ETH", "BTC", "DOGE"]);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "ايثيريوم" } });
    expect(symbols()).toEqual(["ETH"]);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "nothing like it" } });
    expect(screen.getByText("لا يوجد أصل يطابق بحثك.")).toBeInTheDocument();
  });

  it("changes a star at once, and flips it back with a message when the server refuses", async () => {
    const refusal = Object.assign(new Error("No listed asset has this symbol."), { code: "badRequest", data: { reason: "unknownSymbol" } });
    const { call } = await renderApp("/market", {
      user: signedIn,
      calls: {
        currencyList: () => list,
        marketTickers: () => tickers(),
        addFavToken: ({ symbol }) => {
          if (symbol === "DOGE") throw refusal;
          return { favourites: ["BTC", "ETH"] };
        },
      },
    });
    const add = await screen.findByRole("button", { name: "Add ETH to favourites" }, { timeout: 10_000 });
    expect(screen.getByRole("button", { name: "Remove BTC from favourites" })).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(add);
    expect(screen.getByRole("button", { name: "Remove ETH from favourites" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(bodiesOf(call, "addFavToken")).toEqual([{ symbol: "ETH", favourite: true }]));

    fireEvent.click(screen.getByRole("button", { name: "Add DOGE to favourites" }));
    expect(screen.getByRole("button", { name: "Remove DOGE from favourites" })).toBeInTheDocument();
    await screen.findByText("We do not list this asset.", {}, { timeout: 5_000 });
    expect(screen.getByRole("button", { name: "Add DOGE to favourites" })).toHaveAttribute("aria-pressed", "false");

    fireEvent.click(screen.getByRole("button", { name: "Favourites only" }));
    expect(symbols()).toEqual(["BTC", "ETH"]);
  });

  it("asks again in the chosen currency and shows its prices", async () => {
    const { call } = await renderApp("/market", {
      user: signedIn,
      calls: {
        currencyList: () => list,
        marketTickers: ({ currency }) => (currency === "EUR" ? { ...tickers("EUR"), tickers: [ticker("BTC", "89000.00", "1.50")] } : tickers()),
      },
    });
    await screen.findByText("$97,123.45", {}, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "EUR" } });
    await screen.findByText("€89,000.00");
    expect(bodiesOf(call, "marketTickers")).toContainEqual({ currency: "EUR" });
    expect(localStorage.getItem("sarraf.quoteCurrency")).toBe("EUR");
  });

  it("says so when the list cannot be loaded, and loads it when asked again", async () => {
    let fail = true;
    await renderApp("/market", {
      user: signedIn,
      calls: {
        currencyList: () => {
          if (fail) throw Object.assign(new Error("Failed to fetch"), { code: "network" });
          return list;
        },
        marketTickers: () => tickers(),
      },
    });
    const retry = await screen.findByRole("button", { name: "Try again" }, { timeout: 10_000 });
    fail = false;
    fireEvent.click(retry);
    await screen.findByText("$97,123.45");
  });
});
