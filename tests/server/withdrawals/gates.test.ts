// Issue 27, what stops a withdrawal, each refused with its translated reason and nothing changed:
// the lock after a password change (a moved clock), a freeze from an e-mailed link, KYC not approved,
// a debt to the house, the limits in US dollars (one withdrawal; 24 hours), and bad amounts.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { users } from "../../../server/modules/auth/schema.ts";
import { PASSWORD } from "../helpers/auth.ts";
import { HOUR, type Data, withdrawSuite } from "./world.ts";

const suite = withdrawSuite();

async function ready(btc = "1") {
  const u = await suite.w.user();
  await suite.w.give(u.id, "BTC", btc);
  const address = await suite.w.usableAddress(u);
  return { u, address };
}
const preview = (token: string, addressId: string, amount: string, lang?: string) =>
  suite.w.post("/user/vault/withdraw", token, { action: "preview", addressId, amount }, lang);
const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

async function withdrawn(u: { token: string; email: string }, addressId: string, amount: string) {
  const asked = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId, amount, idempotencyKey: key() })).withdrawal as Data;
  return (await suite.w.ok("/user/vault/withdraw", u.token, { action: "confirm", withdrawalId: asked.id, code: (await suite.w.latestMail(u.email)).code }))
    .withdrawal as Data;
}

describe("gates", () => {
  it("a password change sets the time; withdrawals wait 24 hours after it (moved clock) and the list says until when", async () => {
    const { u, address } = await ready();
    const changed = await suite.w.post("/user/changepassword", u.token, { currentPassword: PASSWORD, newPassword: "A much longer passphrase 7!" });
    expect(changed.status).toBe(200);
    const [row] = await suite.database.db.select({ at: users.passwordChangedAt }).from(users).where(eq(users.id, u.id));
    expect(row!.at).toBeInstanceOf(Date);
    // The lock is judged on the withdrawals' clock: the change is placed at its "now".
    await suite.database.db.update(users).set({ passwordChangedAt: suite.w.clock.now() }).where(eq(users.id, u.id));
    const token = changed.data?.token ?? u.token;
    const locked = await preview(token, address.id, "0.1", "ar");
    expect(locked).toMatchObject({ status: 403, data: { reason: "withdrawalsLocked" } });
    expect(locked.message).toContain("غُيّرت كلمة مرورك");
    const until = Date.parse((await suite.w.ok("/withdraw/list", token, {})).status.lockedUntil);
    expect(until - suite.w.clock.now().getTime()).toBe(24 * HOUR);
    suite.w.clock.advance(24 * HOUR);
    await suite.w.prices.poll();
    expect((await preview(token, address.id, "0.1")).status).toBe(200);
    expect((await suite.w.ok("/withdraw/list", token, {})).status.lockedUntil).toBeNull();
  });

  it("KYC not approved refuses every step; approved lets them through", async () => {
    const { u, address } = await ready();
    suite.w.kycRefused.add(u.id);
    expect((await preview(u.token, address.id, "0.1")).data.reason).toBe("kycRequired");
    expect(
      (await suite.w.post("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.1", idempotencyKey: key() })).data.reason,
    ).toBe("kycRequired");
    expect((await suite.w.ok("/withdraw/list", u.token, {})).status.kycApproved).toBe(false);
    expect(await suite.w.count("withdrawals", sql`user_id = ${u.id}`)).toBe(0);
    suite.w.kycRefused.delete(u.id);
    expect((await preview(u.token, address.id, "0.1")).status).toBe(200);
  });

  it("the freeze link: its page changes nothing; its button freezes, cancels what waits for a code, refuses new addresses and withdrawals", async () => {
    const { u, address } = await ready();
    // Confirmed (held) but not yet sent out when the freeze comes: stopped, the money back.
    const held = await withdrawn(u, address.id, "0.2");
    expect(held.status).toBe("queued");
    expect((await suite.w.balance(u.id, "BTC")).held).toBe(20_000_000n);
    const waiting = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.1", idempotencyKey: key() }))
      .withdrawal as Data;
    const link = (await suite.w.latestMail(u.email)).link("/withdraw-links/freeze");
    expect((await suite.w.openLink(link)).html).toContain("Freeze withdrawals now");
    expect((await suite.w.ok("/withdraw/list", u.token, {})).status.frozen).toBe(false);
    expect((await suite.w.openLink(link, true)).html).toContain("are frozen");
    const list = await suite.w.ok("/withdraw/list", u.token, {});
    expect(list.status.frozen).toBe(true);
    expect(list.withdrawals.find((each: Data) => each.id === waiting.id).status).toBe("cancelled");
    expect(list.withdrawals.find((each: Data) => each.id === held.id).status).toBe("cancelled");
    await suite.w.runNetwork(1);
    await suite.w.prices.poll();
    expect((await preview(u.token, address.id, "0.1")).data.reason).toBe("withdrawalsFrozen");
    expect((await suite.w.post("/withdraw/add", u.token, { label: "x", asset: "BTC", network: "bitcoin", address: address.address })).data.reason).toBe(
      "withdrawalsFrozen",
    );
    expect((await suite.w.balance(u.id, "BTC")).held).toBe(0n);
  });

  it("a debt to the house (a reversed card buy) refuses withdrawals", async () => {
    const { u, address } = await ready();
    const [receivable, onramp] = await Promise.all([suite.w.ledger.receivableAccount(u.id, "BTC"), suite.w.ledger.houseAccount("onramp", "BTC")]);
    await suite.w.ledger.transfer({ key: `test:debt:${u.id}`, debit: receivable, credit: onramp, asset: "BTC", amount: 1000n, code: "test.debt" });
    expect(await preview(u.token, address.id, "0.1")).toMatchObject({ status: 403, data: { reason: "debtOutstanding" } });
    await suite.w.ledger.transfer({ key: `test:repay:${u.id}`, debit: onramp, credit: receivable, asset: "BTC", amount: 1000n, code: "test.repay" });
    expect((await preview(u.token, address.id, "0.1")).status).toBe(200);
  });
});

describe("limits and amounts", () => {
  it("at most WITHDRAW_MAX_USD at once and WITHDRAW_DAILY_USD in 24 hours (moved clock)", async () => {
    const { u, address } = await ready("2");
    // BTC at 20,000 USD: 0.5 is 10,000 (the most at once), 0.51 is above it.
    expect((await preview(u.token, address.id, "0.51")).data.reason).toBe("withdrawLimit");
    expect((await preview(u.token, address.id, "0.5")).status).toBe(200);
    await withdrawn(u, address.id, "0.5");
    await withdrawn(u, address.id, "0.5");
    expect((await suite.w.ok("/withdraw/list", u.token, {})).status.limits.usedTodayUsd).toBe("20000.00");
    expect((await preview(u.token, address.id, "0.25")).status).toBe(200);
    expect((await preview(u.token, address.id, "0.26")).data.reason).toBe("withdrawLimit");
    suite.w.clock.advance(24 * HOUR);
    await suite.w.runNetwork(3);
    await suite.w.prices.poll();
    expect((await preview(u.token, address.id, "0.5")).status).toBe(200);
  });

  it("the 24-hour limit holds when codes of different withdrawals are entered at the same moment", async () => {
    const { u, address } = await ready("2");
    // Three withdrawals of 10,000 USD each, each waiting for its own code; 25,000 a day allows two.
    const waiting: { id: string; code: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const asked = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.5", idempotencyKey: key() }))
        .withdrawal as Data;
      waiting.push({ id: asked.id, code: (await suite.w.latestMail(u.email)).code });
    }
    const answers = await Promise.all(
      waiting.map(({ id, code }) => suite.w.post("/user/vault/withdraw", u.token, { action: "confirm", withdrawalId: id, code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.data.reason).toBe("withdrawLimit");
    expect((await suite.w.ok("/withdraw/list", u.token, {})).status.limits.usedTodayUsd).toBe("20000.00");
    expect((await suite.w.balance(u.id, "BTC")).held).toBe(100_000_000n);
  });

  it("bad amounts: decimals, not above the fee, not a number, zero, beyond the balance", async () => {
    const { u, address } = await ready("0.1");
    const field = async (amount: string, key: string, message?: string) => {
      const answer = await preview(u.token, address.id, amount);
      expect(answer, amount).toMatchObject({ status: 400, data: { reason: "validation", fieldKeys: { amount: key } } });
      if (message) expect(answer.data.fields.amount).toBe(message);
    };
    await field("0.000000001", "amount.tooManyDecimals", "BTC allows at most 8 decimal places.");
    await field("0.0002", "amount.belowFee", "The amount must be larger than the network fee of 0.00020000 BTC.");
    await field("abc", "amount.invalid");
    await field("0", "amount.notPositive");
    expect((await preview(u.token, address.id, "0.2")).data.reason).toBe("insufficientBalance");
    expect((await preview(u.token, address.id, "0.1")).status).toBe(200);
    expect(await suite.w.count("withdrawals", sql`user_id = ${u.id}`)).toBe(0);
  });
});
