// Issue 26: accepting a quote executes exactly its figures, once, atomically in the ledger (user ↔
// house inventory, the fee to the fees account), or is refused with its own translated message and
// nothing changed: expired, another user's, insufficient available balance, the house cannot fill,
// the live price moved beyond TRADE_PRICE_TOLERANCE_BPS, stale prices, a debt. The ledger's
// invariants hold after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { tradingWorld, type Data, type TradingWorld } from "./world.ts";

const clock = testClock("2026-11-28T12:00:00Z");
let database: Database;
let w: TradingWorld;
// Quotes live 40 s here, beyond PRICE_STALE_SECONDS (30), so a quote can outlive its prices.
const QUOTE_MS = 40_000;

beforeAll(async () => {
  database = await openTestDatabase();
  w = tradingWorld(database, clock, { TRADE_QUOTE_SECONDS: "40" });
  await w.prices.poll();
  await Promise.all([w.fund("BTC", "10"), w.fund("ETH", "100"), w.fund("USD", "1000000")]);
});
afterEach(async () => {
  w.reachableAgain();
  await w.setPrice("BTC", 50_000);
  await w.ledgerIsSound();
});
afterAll(async () => {
  w.stop();
  await database.close();
});

const sell = (amount = "0.1") => ({ kind: "sell", from: "BTC", to: "USD", amount });
const legs = (quoteId: string) => w.count("ledger_transfers", sql`reference = ${quoteId}`);

async function traderWith(asset: string, amount: string) {
  const trader = await w.user();
  await w.give(trader.id, asset, amount);
  return trader;
}

describe("accepting a quote", () => {
  it("executes exactly the quoted figures in three transfers, and the history lists the sell", async () => {
    const trader = await traderWith("BTC", "1");
    const [inventoryBtc, inventoryUsd, fees] = await Promise.all([w.house("inventory", "BTC"), w.house("inventory", "USD"), w.house("fees", "USD")]);
    const quote = await w.quoted(trader.token, sell());
    clock.advance(5_000);
    const answer = await w.accept(trader.token, quote.id);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      id: quote.id,
      quoteId: quote.id,
      kind: "sell",
      pair: { base: "BTC", quote: "USD" },
      price: "49875",
      paid: { asset: "BTC", value: "0.10000000" },
      received: { asset: "USD", value: "4982.51" },
      fee: { asset: "USD", value: "4.99" },
      quoted: { pay: quote.pay, receive: quote.receive },
      executedAt: clock.now().toISOString(),
      historyId: quote.id,
    });
    expect(await w.balance(trader.id, "BTC")).toBe(90_000_000n);
    expect(await w.balance(trader.id, "USD")).toBe(498_251n);
    expect(await w.house("inventory", "BTC")).toBe(inventoryBtc + 10_000_000n);
    expect(await w.house("inventory", "USD")).toBe(inventoryUsd - 498_750n);
    expect(await w.house("fees", "USD")).toBe(fees + 499n);
    expect(await legs(quote.id)).toBe(3);
    // The cash is a balance of its own, valued in the currency asked for (EUR at QUOTE_RATES' 0.92).
    expect((await w.post("/user/balances", trader.token, { currency: "EUR" })).data.balances).toContainEqual({
      asset: "USD",
      available: "4982.51",
      held: "0.00",
      value: "4583.90",
    });

    const history = await w.post("/user/transactions-history", trader.token, {});
    expect(history.data.items).toEqual([
      {
        id: quote.id,
        type: "sell",
        status: "completed",
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
        asset: "BTC",
        currency: "USD",
        sell: { asset: "BTC", value: "0.10000000" },
        receive: { asset: "USD", value: "4982.51" },
        fee: { asset: "USD", value: "4.99" },
        price: "49875",
        quoteId: quote.id,
      },
    ]);
  });

  it("buys from the cash a sell gave, and converts coin to coin through the house; the history lists both", async () => {
    const trader = await traderWith("USD", "1000");
    const buy = await w.quoted(trader.token, { kind: "buy", from: "USD", to: "ETH", amount: "501.25" });
    expect((await w.accept(trader.token, buy.id)).status).toBe(200);
    // 501.25 / 2,506.25 = 0.2 ETH gross, less the 0.1% fee.
    expect(buy).toMatchObject({ price: "2506.25", receive: { value: "0.199800000000000000" }, fee: { value: "0.000200000000000000" } });
    expect(await w.balance(trader.id, "USD")).toBe(100_000n - 50_125n);
    expect(await w.balance(trader.id, "ETH")).toBe(199_800_000_000_000_000n);

    clock.advance(1_000);
    const convert = await w.quoted(trader.token, { kind: "convert", from: "ETH", to: "BTC", amount: "0.1" });
    expect((await w.accept(trader.token, convert.id)).data).toMatchObject({ paid: { asset: "ETH" }, received: convert.receive, fee: convert.fee });
    expect(await w.balance(trader.id, "BTC")).toBe(w.units("BTC", convert.receive.value));

    const types = ((await w.post("/user/transactions-history", trader.token, {})).data.items as Data[]).map((item) => [item.type, item.quoteId]);
    expect(types).toEqual([
      ["convert", convert.id],
      ["buyCash", buy.id],
    ]);
    const cash = await w.post("/user/transactions-history", trader.token, { type: "buyCash" });
    expect(cash.data.items[0]).toMatchObject({
      type: "buyCash",
      asset: "ETH",
      currency: "USD",
      pay: buy.pay,
      receive: buy.receive,
      fee: buy.fee,
      price: "2506.25",
    });
  });

  it("through /user/sell/sendOrder takes a sell quote, and refuses a quote of another kind on its quoteId", async () => {
    const trader = await traderWith("BTC", "1");
    const quote = await w.quoted(trader.token, sell());
    expect((await w.post("/user/sell/sendOrder", trader.token, { quoteId: quote.id })).data).toMatchObject({ id: quote.id, kind: "sell" });
    await w.give(trader.id, "USD", "100");
    const buy = await w.quoted(trader.token, { kind: "buy", from: "USD", to: "BTC", amount: "50" });
    const refused = await w.post("/user/sell/sendOrder", trader.token, { quoteId: buy.id });
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldKeys: { quoteId: "field.invalid" }, fields: { quoteId: "This quote is not a sell: accept it at /user/trade/accept." } },
    });
    expect(await legs(buy.id)).toBe(0);
  });
});

describe("the same quote accepted again", () => {
  it("executes once: 20 accepts at once all answer the same trade, and three transfers were made", async () => {
    const trader = await traderWith("BTC", "1");
    const quote = await w.quoted(trader.token, sell());
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.accept(trader.token, quote.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    expect(await legs(quote.id)).toBe(3);
    expect(await w.balance(trader.id, "BTC")).toBe(90_000_000n);
    // Later, even past its expiry, it still answers the trade it made.
    clock.advance(QUOTE_MS * 2);
    expect((await w.accept(trader.token, quote.id)).data).toEqual(answers[0]!.data);
  });
});

describe("refusals change nothing", () => {
  it("two quotes that together exceed the balance: exactly one executes, the other is insufficientBalance", async () => {
    const trader = await traderWith("BTC", "0.15");
    const [first, second] = [await w.quoted(trader.token, sell()), await w.quoted(trader.token, sell())];
    const answers = await Promise.all([w.accept(trader.token, first.id), w.accept(trader.token, second.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.data).toEqual({ reason: "insufficientBalance" });
    expect(refused.message).toBe("Your available balance is not enough for this trade, so nothing was traded.");
    expect(await w.balance(trader.id, "BTC")).toBe(5_000_000n);
    expect((await legs(first.id)) + (await legs(second.id))).toBe(3);
  });

  it("a user with none of the coin: insufficientBalance, and no account is made for it", async () => {
    const trader = await w.user();
    const quote = await w.quoted(trader.token, sell());
    const accounts = await w.count("ledger_accounts");
    expect((await w.accept(trader.token, quote.id)).data).toEqual({ reason: "insufficientBalance" });
    expect(await w.count("ledger_accounts")).toBe(accounts);
  });

  it("held funds are not available: a hold on the coin leaves too little to sell", async () => {
    const trader = await traderWith("BTC", "0.1");
    const [account, withdrawals] = await Promise.all([w.ledger.userAccount(trader.id, "BTC"), w.ledger.houseAccount("withdrawals", "BTC")]);
    await w.ledger.transfer({
      key: `test:hold:${trader.id}`,
      debit: account,
      credit: withdrawals,
      asset: "BTC",
      amount: 1n,
      code: "test.hold",
      holdSeconds: 3600,
    });
    const quote = await w.quoted(trader.token, sell());
    expect((await w.accept(trader.token, quote.id)).data).toEqual({ reason: "insufficientBalance" });
    expect(await legs(quote.id)).toBe(0);
  });
});
