// Profit and loss from trades made through the trading desk itself (quote, then accept): the
// report's rows carry the desk's own figures (paid, received, fee, quote id) and its totals equal the
// ledger's to the cent. The desk's world has no price history, so a convert's fair value is unknown:
// the BTC given up in it is flagged, its gain not counted, never shown as profit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Portfolio, Report } from "../../../contract/index.ts";
import { add, decimal, decimalOf, sub, toPlain } from "../../../contract/decimal.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { tradingWorld, type Data, type TradingWorld } from "../trading/world.ts";

const clock = testClock("2026-11-28T12:00:00Z");
let database: Database;
let w: TradingWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  w = tradingWorld(database, clock, { TRADE_QUOTE_SECONDS: "40" });
  await w.prices.poll();
  await Promise.all([w.fund("BTC", "10"), w.fund("ETH", "100"), w.fund("USD", "1000000")]);
});
afterAll(async () => {
  w.stop();
  await database.close();
});

async function traded(token: string, body: Record<string, unknown>): Promise<Data> {
  const quote = await w.quoted(token, body);
  const answer = await w.accept(token, quote.id);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

describe("profit and loss from the trading desk's trades", () => {
  it("a buy from cash, a partial sell and a convert: the desk's figures in the CSV, the ledger's totals, the convert flagged", async () => {
    const trader = await w.user();
    await w.give(trader.id, "USD", "10000");
    const buy = await traded(trader.token, { kind: "buy", from: "USD", to: "BTC", amount: "5000" });
    const sell = await traded(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.02" });
    await w.setPrice("BTC", 55_000);
    const sell2 = await traded(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.01" });
    const convert = await traded(trader.token, { kind: "convert", from: "BTC", to: "ETH", amount: "0.01" });

    const report = (await w.post("/user/buy-sell-report", trader.token, { currency: "USD" })).data as Report;
    const rows = report.csv
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    // The cash given first is a deposit row (report-currency cash: no cost basis to follow).
    expect(rows.slice(1, -1).map((r) => [r[2], r[15]])).toEqual([
      ["deposit", ""],
      ["buy", buy.quoteId],
      ["sell", sell.quoteId],
      ["sell", sell2.quoteId],
      ["convert", convert.quoteId],
    ]);
    // The buy: paid the quote's USD, received its BTC; its fee (taken in BTC) valued at the trade's own price, inside the paid value.
    expect(rows[2]!.slice(3, 7)).toEqual(["USD", buy.paid.value, "BTC", buy.received.value]);
    expect(rows[2]![9]).toBe(buy.paid.value);
    expect([rows[2]![10], rows[2]![11]]).toEqual(["BTC", buy.fee.value]);
    // A sell: what was credited plus the fee is its value.
    expect(rows[3]![9]).toBe(toPlain(add(decimal(sell.received.value), decimal(sell.fee.value)), { places: 2 }));
    expect(rows[3]![12]).toBe(sell.fee.value);
    // The convert has no fair value here: no value, no realised gain, flagged on BTC.
    expect([rows[5]![9], rows[5]![14]]).toEqual(["", ""]);
    const btc = report.assets.find((a) => a.asset === "BTC")!;
    expect(btc).toMatchObject({ bought: buy.received.value, sold: "0.03000000", convertedOut: "0.01000000", unknownBasisSales: 1 });

    // USD now = 10000 − paid for the buy + credited for the sells = 10000 − (bought + buy fees) + (sold − sell fees).
    const fees = rows
      .slice(1, -1)
      .filter((r) => r[2] === "buy" || r[2] === "sell")
      .reduce((sum, r) => add(sum, decimal(r[12]!)), decimalOf(0n, 2));
    const usd = sub(add(sub(decimal("10000.00"), decimal(report.totals.boughtValue)), decimal(report.totals.soldValue)), fees);
    expect(toPlain(usd, { places: 2 })).toBe(toPlain(decimalOf(await w.balance(trader.id, "USD"), 2)));

    // The page: the convert's sale is flagged, but what is left of BTC came from the known buy and keeps its cost.
    const page = (await w.post("/user/portfolio", trader.token, { currency: "USD" })).data as Portfolio;
    const held = page.holdings.find((h) => h.asset === "BTC")!;
    expect(held.unknownBasisSales).toBe(1);
    expect(held.costBasis).not.toBeNull();
    // ETH arrived with no known cost (the convert's value is unknown): its basis is not shown as zero.
    expect(page.holdings.find((h) => h.asset === "ETH")).toMatchObject({ costBasis: null, unrealised: null });
    await w.ledgerIsSound();
  });
});
