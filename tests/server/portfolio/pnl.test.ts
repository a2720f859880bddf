// Profit and loss over the real database and ledger: a card buy through the sandbox, then trades
// written in the trading desk's ledger shape (server/modules/trading/accept.ts: `trade:<quoteId>:pay`
// user → inventory, `:receive` inventory → user net of the fee, `:fee` inventory → fees), read back as the portfolio's figures, the report and its CSV. The
// report's totals must equal the ledger's to the last minor unit after a random sequence of trades.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuyOrder, Portfolio, PortfolioValue, Report } from "../../../contract/index.ts";
import { add, decimal, decimalOf, fromMinor, sub, toPlain } from "../../../contract/decimal.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, STEP_MS, SUCCESS, type OnrampWorld } from "../onramp/world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock);
});
afterAll(async () => {
  w.stop();
  await database.close();
});

type Leg = [asset: string, units: bigint];
/** One accepted quote as the trading desk writes it: what the user pays, receives (net), and the fee the house keeps of it. */
async function trade(userId: string, give: Leg, get: Leg, fee?: Leg) {
  const quote = crypto.randomUUID();
  const { ledger } = w;
  const leg = async (key: string, from: "user" | "inventory" | "fees", to: "user" | "inventory" | "fees", [asset, amount]: Leg) => ({
    key: `trade:${quote}:${key}`,
    debit: from === "user" ? await ledger.userAccount(userId, asset) : await ledger.houseAccount(from, asset),
    credit: to === "user" ? await ledger.userAccount(userId, asset) : await ledger.houseAccount(to, asset),
    asset,
    amount,
    code: `trade.${key}`,
    reference: quote,
  });
  await ledger.transfer([
    await leg("pay", "user", "inventory", give),
    await leg("receive", "inventory", "user", get),
    ...(fee ? [await leg("fee", "inventory", "fees", fee)] : []),
  ]);
  clock.advance(60_000);
  return quote;
}

async function call<T>(path: string, token: string, body: Record<string, unknown>): Promise<T> {
  const res = await w.t.post(path, { token, body });
  const answer = await bodyOf(res);
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer.data as T;
}

async function cardBuy(token: string): Promise<BuyOrder> {
  const order = await w.ordered(token, { asset: "BTC", currency: "USD", amount: "1000" });
  expect((await w.pay(order, SUCCESS)).status).toBe(303);
  await w.run(3 * STEP_MS);
  return await call<BuyOrder>("/user/swipelux/status", token, { orderId: order.id });
}

const csvRows = (csv: string) =>
  csv
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));

describe("profit and loss from the ledger", () => {
  it("a card buy, a sell for cash, a convert and a buy from cash: basis, realised gains and the CSV", async () => {
    const { id, token } = await w.user();
    const order = await cardBuy(token);
    expect(order.status).toBe("completed");
    const btc = BigInt(decimal(order.receive.value).units);
    // Sell a quarter of the BTC for 300.00 USD less a 3.00 fee; convert a quarter to 2 ETH less 0.01; buy 10 SOL (+ 0.1 fee) for 151.50 USD.
    await trade(id, ["BTC", btc / 4n], ["USD", 29_700n], ["USD", 300n]);
    await trade(id, ["BTC", btc / 4n], ["ETH", 1_990_000_000_000_000_000n], ["ETH", 10_000_000_000_000_000n]);
    const sol = await trade(id, ["USD", 15_150n], ["SOL", 10_000_000_000n], ["SOL", 100_000_000n]);

    const fifo = await call<Portfolio>("/user/portfolio", token, { currency: "USD" });
    expect(fifo.method).toBe("fifo");
    const row = (asset: string) => fifo.holdings.find((h) => h.asset === asset)!;
    // The card buy's lot cost what was paid (1000.00, its fee inside); a quarter of it is 250.00.
    expect(row("BTC")).toMatchObject({ kind: "coin", amount: fromMinor(btc - 2n * (btc / 4n), 8), costBasis: "500.00" });
    expect(row("SOL")).toMatchObject({ amount: "10.000000000", costBasis: "151.50", realised: "0.00" });
    expect(row("USD")).toMatchObject({ kind: "cash", amount: "145.50", value: "145.50", costBasis: "145.50", unrealised: "0.00" });
    // A share of each, adding up to about 100 %.
    const shares = fifo.holdings.reduce((sum, h) => add(sum, decimal(h.share!)), decimalOf(0n, 2));
    expect(Math.abs(Number(toPlain(shares)) - 100)).toBeLessThan(0.1);

    const report = await call<Report>("/user/buy-sell-report", token, { currency: "USD" });
    expect(report.csv.split("\r\n")[0]).toBe(
      "id,time,kind,out_asset,out_amount,in_asset,in_amount,currency,unit_price,value,fee_asset,fee_amount,fee_value,cost_basis,realised,quote_id",
    );
    const rows = csvRows(report.csv);
    expect(rows.map((r) => r[2])).toEqual(["kind", "cardBuy", "sell", "convert", "buy", "fifo"]);
    // Sold for 300.00 − 3.00 fee against a quarter of the card buy's 1000.00: 47.00. The convert realises
    // the BTC given at its fair value then, against the next quarter; the page's BTC realised is the two.
    expect(rows[2]!.slice(13)).toEqual(["250.00", "47.00", rows[2]![0]]);
    expect(rows[3]![13]).toBe("250.00");
    expect(row("BTC").realised).toBe(toPlain(add(decimal("47.00"), decimal(rows[3]![14]!))));
    expect(rows.at(-2)![15]).toBe(sol);
    expect(rows.at(-1)![15]).toMatch(/^Sarraf \d+\.\d+\.\d+$/);
    const btcRow = report.assets.find((a) => a.asset === "BTC")!;
    expect(btcRow).toMatchObject({
      boughtValue: toPlain(sub(decimal(order.pay.value), decimal(rows[1]![12]!))),
      soldValue: "300.00",
      averageSellPrice: expect.any(String),
    });
    expect(report.assets.find((a) => a.asset === "ETH")).toMatchObject({ convertedIn: "1.990000000000000000", realised: "0.00" });
  });

  it("report totals equal the ledger's to the last minor unit after a random sequence of trades, by either method", async () => {
    const { id, token } = await w.user();
    // Cash to start with, in the report currency (its cost is itself).
    await w.ledger.transfer({
      key: `test:cash:${id}`,
      debit: await w.ledger.houseAccount("treasury", "USD"),
      credit: await w.ledger.userAccount(id, "USD"),
      asset: "USD",
      amount: 10_000_000n,
      code: "test.deposit",
    });
    let seed = 20261123;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const held: Record<string, bigint> = { BTC: 0n, ETH: 0n };
    const places: Record<string, number> = { BTC: 8, ETH: 18 };
    for (let i = 0; i < 25; i++) {
      const coin = random(2) ? "BTC" : "ETH";
      const cents = BigInt(1 + random(500_000));
      const fee = (cents * 25n) / 10_000n;
      const amount = BigInt(1 + random(10 ** 6)) * 10n ** BigInt(places[coin]! - 6);
      const kind = held[coin]! === 0n ? 0 : random(3);
      if (kind === 0) {
        await trade(id, ["USD", cents], [coin, amount], [coin, amount / 400n]);
        held[coin]! += amount;
      } else if (kind === 1) {
        const part = held[coin]! / BigInt(1 + random(3));
        await trade(id, [coin, part], ["USD", cents], fee ? ["USD", fee] : undefined);
        held[coin]! -= part;
      } else {
        const other = coin === "BTC" ? "ETH" : "BTC";
        const part = held[coin]! / 2n;
        await trade(id, [coin, part], [other, amount], [other, amount / 400n]);
        held[coin]! -= part;
        held[other]! += amount;
      }
    }
    const balances = new Map((await w.ledger.balances(id)).map((b) => [b.asset, b.balance]));
    for (const method of ["fifo", "average"]) {
      const report = await call<Report>("/user/buy-sell-report", token, { currency: "USD", method });
      const rows = csvRows(report.csv).slice(1, -1);
      const cashFees = rows.filter((r) => r[2] === "buy" || r[2] === "sell").reduce((sum, r) => add(sum, decimal(r[12]!)), decimalOf(0n, 2));
      // USD now = USD then − paid for buys (their value and fee) + received for sells (their value less fee), to the cent.
      const usd = sub(add(sub(decimal("100000.00"), decimal(report.totals.boughtValue)), decimal(report.totals.soldValue)), cashFees);
      expect(toPlain(usd, { places: 2 })).toBe(fromMinor(balances.get("USD")!, 2));
      for (const a of report.assets) {
        const net = sub(add(sub(decimal(a.bought), decimal(a.sold)), decimal(a.convertedIn)), decimal(a.convertedOut));
        expect(toPlain(net, { places: places[a.asset]! })).toBe(fromMinor(balances.get(a.asset) ?? 0n, places[a.asset]!));
      }
      // The page and the report realise the same gains by the same method.
      const page = await call<Portfolio>("/user/portfolio", token, { currency: "USD", method });
      expect(page.total.realised).toBe(report.totals.realised);
      // The summary row adds up the rows above it.
      const realised = rows
        .map((r) => r[14])
        .filter(Boolean)
        .reduce((sum, r) => add(sum, decimal(r!)), decimalOf(0n, 2));
      expect(csvRows(report.csv).at(-1)![14]).toBe(toPlain(realised, { places: 2 }));
    }
  });

  it("values the total for each day of a range, and refuses a report whose period ends before it starts", async () => {
    const { id, token } = await w.user();
    await w.ledger.transfer({
      key: `test:cash2:${id}`,
      debit: await w.ledger.houseAccount("treasury", "USD"),
      credit: await w.ledger.userAccount(id, "USD"),
      asset: "USD",
      amount: 12_345n,
      code: "test.deposit",
    });
    const week = await call<PortfolioValue>("/user/portfolio/value", token, { currency: "USD", range: "1W" });
    expect(week.points).toHaveLength(8);
    expect(week.points.at(-1)).toEqual({ date: clock.now().toISOString().slice(0, 10), value: "123.45" });
    expect(week.points[0]!.value).toBe("0.00");
    const res = await w.t.post("/user/buy-sell-report", { token, body: { from: "2026-11-20", to: "2026-11-01" } });
    expect(res.status).toBe(400);
  });
});
