// A withdrawals world for server tests: the real app, database, ledger and mail outbox, prices from a
// source the test sets, the withdrawals' network moved by hand (tick) on the test's clock, and a KYC
// gate the test opens or closes. Users get coins from the house's treasury by ledger transfers.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { sql } from "drizzle-orm";
import { envWith } from "../../../server/env.ts";
import { createCatalog, createPriceService, type PriceSource } from "../../../server/modules/market/index.ts";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { passwordChangedAt, userContact } from "../../../server/modules/auth/index.ts";
import { createWithdrawals } from "../../../server/modules/withdrawals/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { createMailService } from "../../../server/platform/mail/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { toMinor } from "../../../contract/decimal.ts";
import { bodyOf, mailsTo, seedSession, seedUser, testClock } from "../helpers/auth.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

export const DECIMALS: Record<string, number> = { BTC: 8, ETH: 18, XRP: 6, USDT: 6 };
// Any field of an answer, to be narrowed where it is read.
export type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
export const ETH_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
export const XRP_ADDRESS = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
export const HOUR = 3_600_000;

export function withdrawWorld(database: Database, settings: Record<string, string> = {}) {
  const clock = testClock("2026-11-28T12:00:00Z");
  const usd = new Map<string, number>([
    ["BTC", 20_000],
    ["ETH", 2_500],
    ["XRP", 0.5],
    ["USDT", 1],
  ]);
  const source: PriceSource = {
    kind: "simulator",
    snapshot: async (now) => {
      const tickers = new Map([...usd].map(([symbol, price]) => [symbol, { price, open24h: price, high24h: price, low24h: price, volume24h: 1 }]));
      return { at: now, tickers, perUsd: {} };
    },
    history: async () => [],
  };
  const env = envWith({ PRICE_STALE_SECONDS: "30", PRICE_POLL_MS: "600000", ...settings });
  const logger = createLogger("silent");
  const prices = createPriceService({ env, logger, now: clock.now, source });
  const ledger = createLedger(database.db, { now: clock.now });
  const mail = createMailService(env, database.db, logger, clock.now);
  const kycRefused = new Set<string>();
  const withdrawals = createWithdrawals({
    db: database.db,
    env,
    logger,
    now: clock.now,
    ledger,
    catalog: createCatalog({ db: database.db, prices, now: clock.now }),
    mail,
    kyc: { kycApproved: async (userId) => !kycRefused.has(userId) },
    contactOf: (userId) => userContact(database.db, userId),
    passwordChangedAt: (userId) => passwordChangedAt(database.db, userId),
  });
  // Sessions keep the real clock (a day moved on the test's clock would end them); withdrawals, prices and mail run on the test's.
  const t = createTestApp({ database, prices, ledger, mail, withdrawals, env: settings });
  const units = (asset: string, amount: string) => toMinor(amount, DECIMALS[asset]!)!;

  async function user() {
    const account = await seedUser(database.db);
    return { id: account.id, email: account.email, token: await seedSession(database.db, account, new Date()) };
  }
  type User = Awaited<ReturnType<typeof user>>;

  async function give(userId: string, asset: string, amount: string) {
    const [treasury, account] = await Promise.all([ledger.houseAccount("treasury", asset), ledger.userAccount(userId, asset)]);
    await ledger.transfer({ key: `test:give:${randomUUID()}`, debit: treasury, credit: account, asset, amount: units(asset, amount), code: "test.give" });
  }

  async function post(path: string, token: string, body: unknown, lang?: string) {
    const res = await t.post(path, { token, body, ...(lang ? { lang } : {}) });
    const answer = await bodyOf(res);
    return { status: res.status, message: answer.message, data: (answer.data ?? {}) as Data };
  }

  async function ok(path: string, token: string, body: unknown): Promise<Data> {
    const answer = await post(path, token, body);
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    return answer.data;
  }

  /** The newest mail to a user, and the link or code in it. */
  async function latestMail(to: string) {
    const [mail] = await mailsTo(database.db, to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return {
      ...mail,
      link: (path: string) => new URL(mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))![0]),
      code: mail.text.match(/\b\d{6}\b/)?.[0] ?? "",
    };
  }

  /** The page behind a link (GET), or its button pressed (POST with the form's token). */
  async function openLink(url: URL, press = false) {
    const token = url.searchParams.get("token")!;
    const res = press
      ? await t.app.request(url.pathname, {
          method: "POST",
          body: new URLSearchParams({ token }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      : await t.app.request(`${url.pathname}${url.search}`);
    return { status: res.status, html: await res.text() };
  }

  /** An address added, confirmed from its link, and (unless told) past its cooling-off. */
  async function usableAddress(u: User, fields: Record<string, string> = {}, { cool = true } = {}): Promise<Data> {
    const added = await ok("/withdraw/add", u.token, { label: "Cold wallet", asset: "BTC", network: "bitcoin", address: BTC_ADDRESS, ...fields });
    expect((await openLink((await latestMail(u.email)).link("/withdraw-links/address"), true)).status).toBe(200);
    if (cool) clock.advance(24 * HOUR);
    await prices.poll();
    return added;
  }

  async function count(table: string, where = sql`TRUE`): Promise<number> {
    const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]!.n);
  }

  async function balance(userId: string, asset: string) {
    return (await ledger.balances(userId)).find((row) => row.asset === asset) ?? { balance: 0n, held: 0n, available: 0n };
  }

  async function house(code: "withdrawals" | "fees", asset: string): Promise<bigint> {
    const row = await ledger.account(await ledger.houseAccount(code, asset));
    return row ? row.creditsPosted - row.debitsPosted : 0n;
  }

  async function ledgerIsSound() {
    const check = await ledger.check();
    expect({ ...check, transfers: 0 }).toEqual({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [], transfers: 0 });
  }

  /** Passes of the network until nothing is due (the clock moved past each step). */
  async function runNetwork(steps = 3) {
    for (let i = 0; i < steps; i++) {
      clock.advance(60_000);
      await withdrawals.tick();
    }
  }

  return {
    t,
    clock,
    ledger,
    prices,
    withdrawals,
    kycRefused,
    units,
    user,
    give,
    post,
    ok,
    latestMail,
    openLink,
    usableAddress,
    count,
    balance,
    house,
    ledgerIsSound,
    runNetwork,
    stop: () => prices.stop(),
  };
}

export type WithdrawWorld = ReturnType<typeof withdrawWorld>;

/**
 * A test file's world over its own database, its prices polled: after each test three hours pass
 * (limits of 24 hours see later tests apart), prices are polled again and the ledger is checked.
 */
export function withdrawSuite(): { readonly w: WithdrawWorld; readonly database: Database } {
  let database: Database | undefined;
  let world: WithdrawWorld | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    world = withdrawWorld(database);
    await world.prices.poll();
  });
  afterEach(async () => {
    world!.clock.advance(3 * HOUR);
    await world!.prices.poll();
    await world!.ledgerIsSound();
  });
  afterAll(async () => {
    world?.stop();
    await database?.close();
  });
  return {
    get w() {
      return world!;
    },
    get database() {
      return database!;
    },
  };
}
