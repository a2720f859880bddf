// A trading world for server tests: the real app, database and ledger, with prices from a source
// the test sets (US dollars per coin) and polls at the test's clock, so a price move or stale
// prices happen exactly when a test says. Users get cash and coins, and the house its inventory,
// by ledger transfers from the house's treasury, each with its own key.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { sql } from "drizzle-orm";
import { envWith } from "../../../server/env.ts";
import { createPriceService, type PriceService, type PriceSource } from "../../../server/modules/market/index.ts";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { fundInventory } from "../../../server/modules/trading/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { toMinor } from "../../../contract/decimal.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { createTestApp } from "../helpers/test-app.ts";

export interface Clock {
  now: () => Date;
  advance(ms: number): Date;
}

export const DECIMALS: Record<string, number> = { BTC: 8, ETH: 18, SOL: 9, USDT: 6, USD: 2, EUR: 2, AED: 2, SAR: 2 };

// Any field of an answer, to be narrowed where it is read.
export type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `history`: each coin's chart is a flat line at its price now (else the source keeps no history). */
export function tradingWorld(database: Database, clock: Clock, settings: Record<string, string> = {}, options: { history?: boolean } = {}) {
  const usd = new Map<string, number>([
    ["BTC", 50_000],
    ["ETH", 2_500],
    ["SOL", 100],
    ["USDT", 1],
  ]);
  /** Units of a quote currency per USD the source reports (others come from QUOTE_RATES). */
  const perUsd: Record<string, number> = {};
  let reachable = true;
  const source: PriceSource = {
    kind: "simulator",
    snapshot: async (now) => {
      if (!reachable) throw new Error("connect ECONNREFUSED");
      const tickers = new Map([...usd].map(([symbol, price]) => [symbol, { price, open24h: price, high24h: price, low24h: price, volume24h: 1 }]));
      return { at: now, tickers, perUsd: { ...perUsd } };
    },
    history: async (symbol) => (options.history && usd.has(symbol) ? [{ t: 0, p: usd.get(symbol)! }] : []),
  };
  const env = envWith({ PRICE_STALE_SECONDS: "30", PRICE_POLL_MS: "600000", ...settings });
  const prices: PriceService = createPriceService({ env, logger: createLogger("silent"), now: clock.now, source });
  const ledger = createLedger(database.db, { now: clock.now });
  const t = createTestApp({ database, now: clock.now, prices, ledger, env: settings });
  const units = (asset: string, amount: string) => toMinor(amount, DECIMALS[asset]!)!;

  async function user() {
    const account = await seedUser(database.db);
    return { id: account.id, token: await seedSession(database.db, account, clock.now()) };
  }

  /** Cash or coins for a user, from the house's treasury. */
  async function give(userId: string, asset: string, amount: string) {
    const [treasury, account] = await Promise.all([ledger.houseAccount("treasury", asset), ledger.userAccount(userId, asset)]);
    await ledger.transfer({ key: `test:give:${randomUUID()}`, debit: treasury, credit: account, asset, amount: units(asset, amount), code: "test.give" });
  }

  const fund = (asset: string, amount: string) => fundInventory(ledger, asset, units(asset, amount), `test:fund:${randomUUID()}`);

  async function post(path: string, token: string, body: unknown, lang?: string) {
    const res = await t.post(path, { token, body, ...(lang ? { lang } : {}) });
    const answer = await bodyOf(res);
    return { status: res.status, message: answer.message, data: (answer.data ?? {}) as Data };
  }

  const quote = (token: string, body: Record<string, unknown>, lang?: string) => post("/user/trade/quote", token, body, lang);
  const accept = (token: string, quoteId: string, lang?: string) => post("/user/trade/accept", token, { quoteId }, lang);

  async function quoted(token: string, body: Record<string, unknown>): Promise<Data> {
    const answer = await quote(token, body);
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    return answer.data;
  }

  async function balance(userId: string, asset: string): Promise<bigint> {
    return (await ledger.balances(userId)).find((row) => row.asset === asset)?.balance ?? 0n;
  }

  async function house(code: "inventory" | "fees", asset: string): Promise<bigint> {
    const row = await ledger.account(await ledger.houseAccount(code, asset));
    return row ? row.creditsPosted - row.debitsPosted : 0n;
  }

  /** Sets a coin's dollar price and polls, as the server's schedule would. */
  async function setPrice(symbol: string, dollars: number) {
    usd.set(symbol, dollars);
    await prices.poll();
  }

  /** Sets a quote currency's rate (units per USD) and polls. */
  async function setRate(currency: string, rate: number) {
    perUsd[currency] = rate;
    await prices.poll();
  }

  async function count(table: "trade_quotes" | "ledger_transfers" | "ledger_accounts", where = sql`TRUE`): Promise<number> {
    const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]!.n);
  }

  /** The ledger's invariants: every asset nets to zero, no account drifted, no user below zero. */
  async function ledgerIsSound() {
    const check = await ledger.check();
    expect({ ...check, transfers: 0 }).toEqual({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [], transfers: 0 });
  }

  return {
    t,
    ledger,
    prices,
    units,
    user,
    give,
    fund,
    post,
    quote,
    accept,
    quoted,
    balance,
    house,
    setPrice,
    setRate,
    count,
    ledgerIsSound,
    unreachable: () => void (reachable = false),
    reachableAgain: () => void (reachable = true),
    stop: () => prices.stop(),
  };
}

export type TradingWorld = ReturnType<typeof tradingWorld>;
