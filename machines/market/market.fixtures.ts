// A small market for the tests: three assets, two currencies and their prices. Typed by the
// contract, so a change to a route's answer breaks each use at compile time. Only tests and graph
// specs import this file: test data never reaches the app's bundle.
import type { Asset, CurrencyList, DashboardMarket, GetPriceBody, Price, Tickers } from "../../contract/index.ts";

const asset = (symbol: string, en: string, ar: string, rank: number): Asset => ({
  symbol,
  name: { en, ar },
  decimals: 8,
  color: "#f7931a",
  rank,
  tradable: true,
  stablecoin: false,
});
export const list: CurrencyList = {
  assets: [asset("BTC", "Bitcoin", "بيتكوين", 1), asset("ETH", "Ethereum", "إيثيريوم", 2), asset("DOGE", "Dogecoin", "دوجكوين", 9)],
  currencies: [
    { code: "USD", name: { en: "US dollar", ar: "دولار أمريكي" }, decimals: 2, perUsd: "1" },
    { code: "EUR", name: { en: "Euro", ar: "يورو" }, decimals: 2, perUsd: "0.92" },
  ],
  favourites: ["BTC"],
};
/** A ticker as /market/tickers lists it: with its sparkline. */
export const ticker = (symbol: string, price: string, change24h: string): Tickers["tickers"][number] => ({
  symbol,
  price,
  change24h,
  high24h: price,
  low24h: price,
  volume24h: "1000",
  sparkline: [price, price],
});
export const tickers = (currency: "USD" | "EUR" = "USD"): Tickers => ({
  currency,
  tickers: [ticker("BTC", "97123.45", "1.50"), ticker("ETH", "3012.10", "-2.25"), ticker("DOGE", "0.1234", "7.00")],
  at: "2026-11-23T10:00:00.000Z",
  ageSeconds: 1,
  stale: false,
  source: "simulator",
});

const freshness = { at: "2026-11-23T10:00:00.000Z", ageSeconds: 1, stale: false, source: "simulator" } as const;

/** The price of one pair, from the tickers above (USD or EUR). */
export function price({ symbol, currency }: GetPriceBody): Price {
  const { sparkline: _sparkline, ...found } =
    tickers(currency === "EUR" ? "EUR" : "USD").tickers.find((candidate) => candidate.symbol === symbol) ?? ticker(symbol, "1.00", "0.00");
  return { ...found, currency: currency as Price["currency"], ...freshness };
}

export const dashboardMarket = (): DashboardMarket => {
  const all = tickers().tickers.map(({ sparkline: _sparkline, ...rest }) => rest);
  return {
    currency: "USD",
    favourites: all.filter((one) => (list.favourites ?? []).includes(one.symbol)),
    gainers: all.filter((one) => !one.change24h.startsWith("-")),
    losers: all.filter((one) => one.change24h.startsWith("-")),
    summary: { assets: all.length, advancing: 2, declining: 1, volume24h: "3000" },
    portfolio: null,
    ...freshness,
  };
};
