import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";
import { list, ticker, tickers } from "../../../machines/market/market.fixtures.ts";

const symbols = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.getAttribute("data-symbol"));

describe("the market page", { timeout: 20_000 }, () => {
  it("lists prices, sorts by a header that says how it is sorted, and searches Arabic names", async () => {
    await renderApp("/market", { user: storedUser, locale: "ar", calls: { currencyList: () => list, marketTickers: () => tickers() } });
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
      user: storedUser,
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

  it("keeps its sort and the favourites filter in the address, and shows them again from it", async () => {
    const { memory } = await renderApp("/market?sort=change&order=desc", {
      user: storedUser,
      calls: { currencyList: () => list, marketTickers: () => tickers() },
    });
    await screen.findByText("$97,123.45", {}, { timeout: 10_000 });
    const change = screen.getByRole("button", { name: /24h change/ });
    expect(change.closest("th")).toHaveAttribute("aria-sort", "descending");
    expect(symbols()).toEqual(["DOGE", "BTC", "ETH"]);
    fireEvent.click(change);
    expect(memory.history?.at(-1)).toBe("/market?sort=change&order=asc");
    expect(symbols()).toEqual(["ETH", "BTC", "DOGE"]);
    fireEvent.click(screen.getByRole("button", { name: "Favourites only" }));
    expect(memory.history?.at(-1)).toBe("/market?sort=change&order=asc&favourites=1");
    expect(screen.getByRole("button", { name: "Favourites only" })).toHaveAttribute("aria-pressed", "true");
    expect(symbols()).toEqual(["BTC"]);
    fireEvent.click(screen.getByRole("button", { name: /Name/ }));
    expect(memory.history?.at(-1)).toBe("/market?sort=name&order=asc&favourites=1");
    // A filter changes the address in place: Back leaves the market rather than stepping through sorts.
    expect(memory.history).toHaveLength(1);
  });

  it("reads a filter from the address as the page opens", async () => {
    await renderApp("/market?favourites=1&sort=nonsense", { user: storedUser, calls: { currencyList: () => list, marketTickers: () => tickers() } });
    await screen.findByText("$97,123.45", {}, { timeout: 10_000 });
    expect(screen.getByRole("button", { name: "Favourites only" })).toHaveAttribute("aria-pressed", "true");
    expect(symbols()).toEqual(["BTC"]);
  });

  it("asks again in the chosen currency and shows its prices", async () => {
    const { call } = await renderApp("/market", {
      user: storedUser,
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

  it("holds the currency field's place, disabled with the chosen code, until the list arrives", async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    localStorage.setItem("sarraf.quoteCurrency", "EUR");
    await renderApp("/market", {
      user: storedUser,
      calls: { currencyList: async () => (await arrived, list), marketTickers: () => tickers() },
    });
    const field = await screen.findByLabelText("Currency", {}, { timeout: 10_000 });
    expect(field).toBeDisabled();
    expect(
      within(field)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["EUR"]);
    arrive();
    await waitFor(() => expect(screen.getByLabelText("Currency")).toBeEnabled());
    expect(screen.getByLabelText("Currency")).toHaveValue("EUR");
    expect(within(screen.getByLabelText("Currency")).getAllByRole("option").length).toBeGreaterThan(1);
  });

  it("says so when the list cannot be loaded, and loads it when asked again", async () => {
    let fail = true;
    await renderApp("/market", {
      user: storedUser,
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
