// Issue 26: an accept refused with its own translated message and nothing changed (the rest of
// accept.test.ts): expired, another user's quote, the live price moved beyond
// TRADE_PRICE_TOLERANCE_BPS, stale prices, the house drained, a debt. The ledger's invariants hold
// after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { tradingWorld, type TradingWorld } from "./world.ts";

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

describe("refusals change nothing (more)", () => {
  it("expired: refused at its expiry to the millisecond, translated; a moment before it executes", async () => {
    const trader = await traderWith("BTC", "1");
    const late = await w.quoted(trader.token, sell());
    const onTime = await w.quoted(trader.token, sell());
    clock.advance(QUOTE_MS - 1);
    await w.prices.poll();
    expect((await w.accept(trader.token, onTime.id)).status).toBe(200);
    clock.advance(1);
    const en = await w.accept(trader.token, late.id);
    expect(en).toMatchObject({ status: 409, data: { reason: "quoteExpired" }, message: "This quote has expired, so nothing was traded. Ask for a new quote." });
    expect((await w.accept(trader.token, late.id, "ar")).message).toBe("انتهت صلاحية عرض السعر هذا، فلم تُنفَّذ أي صفقة. اطلب عرض سعر جديدًا.");
    expect(await legs(late.id)).toBe(0);
    expect(await w.balance(trader.id, "BTC")).toBe(90_000_000n);
  });

  it("another user's quote, an unknown one, and an id that is not one", async () => {
    const owner = await traderWith("BTC", "1");
    const other = await traderWith("BTC", "1");
    const quote = await w.quoted(owner.token, sell());
    const stolen = await w.accept(other.token, quote.id);
    expect(stolen).toMatchObject({ status: 404, data: { reason: "quoteNotFound" } });
    expect(stolen.message).toBe("We could not find this quote. It may belong to another account. Ask for a new quote.");
    expect((await w.accept(other.token, crypto.randomUUID())).data).toEqual({ reason: "quoteNotFound" });
    expect((await w.accept(other.token, "not-a-quote")).data).toMatchObject({ reason: "validation", fieldKeys: { quoteId: "field.invalid" } });
    expect(await legs(quote.id)).toBe(0);
    expect((await w.accept(owner.token, quote.id)).status).toBe(200);
  });

  it("the live price moved beyond 0.5%: priceMoved; within it, the quote executes at its own figures", async () => {
    const trader = await traderWith("BTC", "1");
    const moved = await w.quoted(trader.token, sell());
    const within = await w.quoted(trader.token, sell());
    await w.setPrice("BTC", 50_300); // +0.6%
    const refused = await w.accept(trader.token, moved.id);
    expect(refused).toMatchObject({ status: 409, data: { reason: "priceMoved" } });
    expect(refused.message).toBe("The price moved too much since this quote was made, so nothing was traded. Ask for a new quote.");
    await w.setPrice("BTC", 49_760); // −0.48%
    expect((await w.accept(trader.token, within.id)).data).toMatchObject({ received: within.receive, price: "49875" });
    expect(await legs(moved.id)).toBe(0);
  });

  it("stale prices at accept: 503 pricesStale, and the quote still executes once they are fresh", async () => {
    const trader = await traderWith("BTC", "1");
    const quote = await w.quoted(trader.token, sell());
    w.unreachable();
    clock.advance(31_000);
    await w.prices.poll();
    expect(await w.accept(trader.token, quote.id)).toMatchObject({ status: 503, data: { reason: "pricesStale" } });
    expect(await legs(quote.id)).toBe(0);
    w.reachableAgain();
    await w.prices.poll();
    expect((await w.accept(trader.token, quote.id)).status).toBe(200);
  });

  it("the house cannot fill any more: a second buy that its inventory no longer covers is refused", async () => {
    await w.fund("SOL", "10");
    const [first, second] = [await traderWith("USD", "2000"), await traderWith("USD", "2000")];
    const a = await w.quoted(first.token, { kind: "buy", from: "USD", to: "SOL", side: "to", amount: "8" });
    const b = await w.quoted(second.token, { kind: "buy", from: "USD", to: "SOL", side: "to", amount: "8" });
    expect((await w.accept(first.token, a.id)).status).toBe(200);
    expect(await w.accept(second.token, b.id)).toMatchObject({ status: 409, data: { reason: "houseCannotFill" } });
    expect(await w.balance(second.id, "USD")).toBe(200_000n);
  });

  it("a debt made after quoting refuses the sell at accept", async () => {
    const trader = await traderWith("BTC", "1");
    const quote = await w.quoted(trader.token, sell());
    const [receivable, onramp] = await Promise.all([w.ledger.receivableAccount(trader.id, "BTC"), w.ledger.houseAccount("onramp", "BTC")]);
    await w.ledger.transfer({ key: `test:debt:${trader.id}`, debit: receivable, credit: onramp, asset: "BTC", amount: 1n, code: "test.debt" });
    expect(await w.accept(trader.token, quote.id)).toMatchObject({ status: 403, data: { reason: "debtOutstanding" } });
    expect(await legs(quote.id)).toBe(0);
  });
});
