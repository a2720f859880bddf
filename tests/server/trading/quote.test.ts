// Issue 26: quotes. A quote fixes the pair, the house's price (mid ± TRADE_SPREAD_BPS), the fee
// and the exact amounts for TRADE_QUOTE_SECONDS; bad amounts, pairs that do not fit the kind, stale
// prices, a house that cannot fill and a debt in the asset given up are each refused with their
// own translated message, storing nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { tradingWorld, type TradingWorld } from "./world.ts";

const clock = testClock("2026-11-28T12:00:00Z");
let database: Database;
let w: TradingWorld;
let trader: { id: string; token: string };

beforeAll(async () => {
  database = await openTestDatabase();
  // ETH's exposure limit is 300,000 dollars: the house holds 100 ETH (250,000 dollars) of it.
  w = tradingWorld(database, clock, { TRADE_EXPOSURE_LIMITS: "ETH=300000" });
  await w.prices.poll();
  await Promise.all([w.fund("BTC", "10"), w.fund("ETH", "100"), w.fund("USD", "1000000")]);
  trader = await w.user();
});
afterEach(() => w.ledgerIsSound());
afterAll(async () => {
  w.stop();
  await database.close();
});

describe("a quote", () => {
  it("fixes a sell's figures exactly: the bid is mid − 0.25%, the fee 0.1% of the cash rounded up, for 15 seconds", async () => {
    const quote = await w.quoted(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.1" });
    expect(quote).toMatchObject({
      kind: "sell",
      pair: { base: "BTC", quote: "USD" },
      side: "from",
      mid: "50000",
      price: "49875",
      pay: { asset: "BTC", value: "0.10000000" },
      // 0.1 × 49,875 = 4,987.50; the fee 4.9875 rounds up to 4.99.
      fee: { asset: "USD", value: "4.99" },
      receive: { asset: "USD", value: "4982.51" },
      feeBasisPoints: 10,
      spreadBasisPoints: 25,
      limits: { min: { asset: "BTC", value: "0.00002000" }, max: { asset: "BTC", value: "2.00000000" } },
      createdAt: clock.now().toISOString(),
      serverNow: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 15_000).toISOString(),
      validSeconds: 15,
    });
    expect(quote.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("figures a buy typed on the receiving side: exactly that much arrives, the cash rounds up", async () => {
    const quote = await w.quoted(trader.token, { kind: "buy", from: "usd", to: "btc", side: "to", amount: "0.01" });
    expect(quote).toMatchObject({
      pair: { base: "BTC", quote: "USD" },
      price: "50125",
      // The fee keeps 0.1% of the gross: ⌈1,000,000 × 10 / 9,990⌉ = 1,002 satoshi; 0.01001002 × 50,125 = 501.7522525 → 501.76.
      fee: { asset: "BTC", value: "0.00001002" },
      receive: { asset: "BTC", value: "0.01000000" },
      pay: { asset: "USD", value: "501.76" },
    });
  });

  it("figures a convert through the house: from's dollar mid at the bid over to's", async () => {
    const quote = await w.quoted(trader.token, { kind: "convert", from: "ETH", to: "BTC", amount: "1" });
    expect(quote).toMatchObject({
      pair: { base: "ETH", quote: "BTC" },
      mid: "0.05",
      price: "0.049875",
      pay: { asset: "ETH", value: "1.000000000000000000" },
      fee: { asset: "BTC", value: "0.00004988" },
      receive: { asset: "BTC", value: "0.04982512" },
    });
  });

  it("charges at least the minimum fee (TRADE_FEE_MIN_USD, 0.10 dollars)", async () => {
    const quote = await w.quoted(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.0001" });
    // 0.0001 × 49,875 = 4.9875 → 4.98 after rounding down; 0.1% would be 0.01.
    expect(quote).toMatchObject({ fee: { value: "0.10" }, receive: { value: "4.88" } });
  });
});

describe("bad amounts are refused with the numbers in the message, storing nothing", () => {
  const cases: [string, string, string, string | RegExp][] = [
    ["zero", "0", "amount.notPositive", "Enter an amount above zero."],
    ["zero with decimals", "0.000", "amount.notPositive", "Enter an amount above zero."],
    ["negative", "-1", "amount.notPositive", "Enter an amount above zero."],
    ["more decimals than BTC has", "0.000000001", "amount.tooManyDecimals", "BTC allows at most 8 decimal places."],
    ["above the maximum", "3", "amount.aboveMaximum", "The largest trade is 2.00000000 BTC."],
    ["huge", "9".repeat(50), "amount.aboveMaximum", "The largest trade is 2.00000000 BTC."],
    ["below the minimum", "0.00001", "amount.belowMinimum", "The smallest trade is 0.00002000 BTC."],
    ["not a number", "abc", "amount.invalid", "Enter an amount as a number, like 100 or 0.5."],
    ["an exponent", "1e3", "amount.invalid", "Enter an amount as a number, like 100 or 0.5."],
    ["empty", "", "amount.invalid", "Enter an amount as a number, like 100 or 0.5."],
  ];
  for (const [what, amount, key, message] of cases) {
    it(what, async () => {
      const before = await w.count("trade_quotes");
      const answer = await w.quote(trader.token, { kind: "sell", from: "BTC", to: "USD", amount });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ reason: "validation", fieldKeys: { amount: key }, fields: { amount: message } });
      expect(await w.count("trade_quotes")).toBe(before);
    });
  }

  it("says so in Arabic, with the numbers kept", async () => {
    const answer = await w.quote(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "3" }, "ar");
    expect(answer.data.fields.amount).toBe("أكبر صفقة هي ‎2.00000000 BTC‎.");
    const decimals = await w.quote(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.000000001" }, "ar");
    expect(decimals.data).toMatchObject({ decimals: 8, fields: { amount: "يقبل ‎BTC‎ على الأكثر 8 منازل عشرية." } });
  });

  it("a number where text belongs is refused, and so is a cash side with cents finer than a cent", async () => {
    expect((await w.quote(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: 1 })).data.fieldKeys).toEqual({ amount: "field.notText" });
    const cents = await w.quote(trader.token, { kind: "buy", from: "USD", to: "BTC", amount: "10.001" });
    expect(cents.data).toMatchObject({ decimals: 2, fields: { amount: "USD allows at most 2 decimal places." } });
  });
});

describe("pairs that do not fit the kind", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["a buy paid with a coin", { kind: "buy", from: "BTC", to: "ETH" }, "from"],
    ["a sell for a coin", { kind: "sell", from: "BTC", to: "ETH" }, "to"],
    ["a convert to cash", { kind: "convert", from: "BTC", to: "USD" }, "to"],
    ["a convert to itself", { kind: "convert", from: "BTC", to: "BTC" }, "to"],
  ];
  for (const [what, pair, field] of cases) {
    it(`refuses ${what} on its field, in words`, async () => {
      const answer = await w.quote(trader.token, { ...pair, amount: "1" });
      expect(answer.status).toBe(400);
      expect(answer.data.fieldKeys).toEqual({ [field]: "field.invalid" });
      expect(answer.data.fields[field]).toMatch(/^A (buy|sell|convert) /);
    });
  }

  it("refuses a coin that is not listed, and a kind that does not exist", async () => {
    expect(await w.quote(trader.token, { kind: "sell", from: "ZZZ", to: "USD", amount: "1" })).toMatchObject({
      status: 400,
      data: { reason: "unknownSymbol" },
    });
    expect((await w.quote(trader.token, { kind: "swap", from: "BTC", to: "USD", amount: "1" })).data.fieldKeys).toEqual({ kind: "field.invalid" });
  });
});

describe("the house", () => {
  it("refuses a quote it cannot fill from its inventory (SOL: none), translated, making no account", async () => {
    const accounts = await w.count("ledger_accounts");
    const en = await w.quote(trader.token, { kind: "buy", from: "USD", to: "SOL", amount: "100" });
    expect(en).toMatchObject({ status: 409, data: { reason: "houseCannotFill" } });
    expect(en.message).toBe("We cannot fill a trade of this size in this asset right now. Try a smaller amount or another asset.");
    const ar = await w.quote(trader.token, { kind: "buy", from: "USD", to: "SOL", amount: "100" }, "ar");
    expect(ar.message).toBe("لا يمكننا تنفيذ صفقة بهذا الحجم في هذا الأصل الآن. جرّب مبلغًا أصغر أو أصلًا آخر.");
    expect(await w.count("ledger_accounts")).toBe(accounts);
  });

  it("refuses a trade that would take its holding of a coin beyond the exposure limit", async () => {
    // 100 ETH (250,000 dollars) + 30 ETH would be 325,000; + 10 ETH is 275,000.
    expect((await w.quote(trader.token, { kind: "sell", from: "ETH", to: "USD", amount: "30" })).data).toEqual({ reason: "houseCannotFill" });
    expect((await w.quote(trader.token, { kind: "sell", from: "ETH", to: "USD", amount: "10" })).status).toBe(200);
  });
});

describe("a debt in the asset given up", () => {
  it("refuses selling or converting it (not buying it), translated", async () => {
    const debtor = await w.user();
    const [receivable, onramp] = await Promise.all([w.ledger.receivableAccount(debtor.id, "BTC"), w.ledger.houseAccount("onramp", "BTC")]);
    await w.ledger.transfer({ key: `test:debt:${debtor.id}`, debit: receivable, credit: onramp, asset: "BTC", amount: 1000n, code: "test.debt" });
    const sell = await w.quote(debtor.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.01" });
    expect(sell).toMatchObject({ status: 403, data: { reason: "debtOutstanding" } });
    expect(sell.message).toMatch(/Until it is repaid, you cannot sell or convert it/);
    expect((await w.quote(debtor.token, { kind: "convert", from: "BTC", to: "ETH", amount: "0.01" })).data.reason).toBe("debtOutstanding");
    expect((await w.quote(debtor.token, { kind: "buy", from: "USD", to: "BTC", amount: "100" })).status).toBe(200);
  });
});

describe("prices", () => {
  it("older than PRICE_STALE_SECONDS: no quote (503 pricesStale, translated), until the source answers again", async () => {
    w.unreachable();
    clock.advance(31_000);
    await w.prices.poll();
    const before = await w.count("trade_quotes");
    const en = await w.quote(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.1" });
    expect(en).toMatchObject({ status: 503, data: { reason: "pricesStale" } });
    expect((await w.quote(trader.token, { kind: "convert", from: "ETH", to: "BTC", amount: "1" }, "ar")).message).toMatch(/[\u0600-\u06ff]/);
    expect(await w.count("trade_quotes")).toBe(before);
    w.reachableAgain();
    await w.prices.poll();
    expect((await w.quote(trader.token, { kind: "sell", from: "BTC", to: "USD", amount: "0.1" })).status).toBe(200);
  });
});
