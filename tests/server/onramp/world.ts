// An on-ramp world for server tests: the real app, database, ledger and sandbox provider, with a
// clock the test moves and the sandbox's ticks driven by hand. The simulator stands for prices,
// polled at the test's clock by buy and run as the server's schedule would.
import { expect } from "vitest";
import { envWith } from "../../../server/env.ts";
import { createPriceService, type PriceService } from "../../../server/modules/market/index.ts";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { userContact } from "../../../server/modules/auth/index.ts";
import { createOnramp, mailReversalNotices, type Onramp } from "../../../server/modules/onramp/index.ts";
import { createMailService } from "../../../server/platform/mail/index.ts";
import type { OnrampProvider } from "../../../server/modules/onramp/provider.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import type { BuyOrder } from "../../../contract/index.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

export interface Clock {
  now: () => Date;
  advance(ms: number): Date;
}

export const SUCCESS = "4242 4242 4242 4242";
export const DECLINE = "4000 0000 0000 0002";
export const CHALLENGE = "4000 0000 0000 3220";
export const RETRY = "4000 0000 0000 0119";
export const REFUND = "4000 0000 0000 0515";
export const CHARGEBACK = "4000 0000 0000 0259";
export const STEP_MS = 1_000;

/** `provider` stands in for the sandbox's provider port (it is given the sandbox's, to wrap or ignore). */
export function onrampWorld(
  database: Database,
  clock: Clock,
  settings: Record<string, string> = {},
  options: { provider?: (sandbox: OnrampProvider) => OnrampProvider } = {},
) {
  // The card-buy KYC gate (tests/server/kyc/card-buy-gate.test.ts) is off up to the largest order unless a test sets it.
  settings = { KYC_CARD_BUY_THRESHOLD_USD: "5000", ...settings };
  const env = envWith({ PRICE_POLL_MS: "600000", ONRAMP_SANDBOX_STEP_MS: String(STEP_MS), ...settings });
  const logger = createLogger("silent");
  const prices: PriceService = createPriceService({ env, logger, now: clock.now });
  const ledger = createLedger(database.db, { now: clock.now });
  // Mail goes to the embedded outbox (the table), where a test reads what the buyer was told.
  const mail = createMailService(env, database.db, logger, clock.now);
  const notify = mailReversalNotices({ mail, logger, contactOf: (userId) => userContact(database.db, userId) });
  const plain: Onramp = createOnramp({ db: database.db, env, logger, now: clock.now, ledger, notify });
  // The sandbox keeps its state in the database: a second one over the same tables is the same sandbox.
  const onramp: Onramp = options.provider
    ? createOnramp({ db: database.db, env, logger, now: clock.now, ledger, notify, provider: options.provider(plain.provider) })
    : plain;
  const t: TestApp = createTestApp({ database, now: clock.now, prices, ledger, onramp, env: settings });

  async function user() {
    const account = await seedUser(database.db);
    return { id: account.id, token: await seedSession(database.db, account, clock.now()), again: () => seedSession(database.db, account, clock.now()) };
  }

  async function buy(token: string, body: Record<string, unknown>, lang?: string) {
    // Prices as the server's poll keeps them: current at the test's clock (a paused source keeps them stale).
    await prices.poll();
    const res = await t.post("/user/swipelux/sendOrder", { token, body: { idempotencyKey: `key-${crypto.randomUUID()}`, ...body }, lang });
    return { res, body: await bodyOf(res) };
  }

  async function ordered(token: string, body: Record<string, unknown> = { asset: "BTC", currency: "USD", amount: "100" }): Promise<BuyOrder> {
    const { res, body: answer } = await buy(token, body);
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer.data as unknown as BuyOrder;
  }

  /** Submits a form of the sandbox's payment page, as the browser would. */
  const form = (order: BuyOrder, suffix: string, fields: Record<string, string>) =>
    t.app.request(`${new URL(order.paymentUrl!, "http://x").pathname}${suffix}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const pay = (order: BuyOrder, number: string) => form(order, "", { number, expiry: "12/30", cvc: "123" });

  /** Moves the clock on in the sandbox's steps, ticking after each. */
  async function run(ms: number) {
    for (let left = ms; left > 0; left -= STEP_MS) {
      clock.advance(Math.min(STEP_MS, left));
      await onramp.tick();
    }
    await prices.poll();
  }

  async function status(token: string, orderId: string) {
    const res = await t.post("/user/swipelux/status", { token, body: { orderId } });
    return { res, body: await bodyOf(res) };
  }

  async function balance(userId: string, asset: string): Promise<bigint> {
    return (await ledger.balances(userId)).find((row) => row.asset === asset)?.balance ?? 0n;
  }

  return { t, onramp, ledger, prices, mail, user, buy, ordered, form, pay, run, status, balance, stop: () => prices.stop() };
}

export type OnrampWorld = ReturnType<typeof onrampWorld>;
