// Issue 27, withdrawing: the fee shown before confirming, the e-mailed code (wrong tries counted,
// expiry), the ledger hold, the network simulator moving it to completed (hold posted, fee to the
// fees account) or failed (funds back), the history entry with its txid, one hold for one
// idempotency key under parallel requests, and a second user's withdrawal refused.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type Data, withdrawSuite } from "./world.ts";

const suite = withdrawSuite();

async function ready(label = "Cold wallet") {
  const u = await suite.w.user();
  await suite.w.give(u.id, "BTC", "1");
  const address = await suite.w.usableAddress(u, { label });
  return { u, address };
}
const vault = (token: string, body: Record<string, unknown>) => suite.w.post("/user/vault/withdraw", token, body);
const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

describe("a withdrawal, start to end", () => {
  it("previews the fee, e-mails a code, holds on the right code, and completes through the network", async () => {
    const { u, address } = await ready();
    const preview = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "preview", addressId: address.id, amount: "0.25" })).preview;
    expect(preview).toEqual({
      asset: "BTC",
      network: "bitcoin",
      amount: { asset: "BTC", value: "0.25000000" },
      fee: { asset: "BTC", value: "0.00020000" },
      receive: { asset: "BTC", value: "0.24980000" },
      available: { asset: "BTC", value: "1.00000000" },
      usdValue: "5000.00",
    });
    expect(await suite.w.count("withdrawals")).toBe(0);
    const asked = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.25", idempotencyKey: key() }))
      .withdrawal as Data;
    expect(asked).toMatchObject({ status: "awaitingCode", txid: null, label: "Cold wallet", receive: { value: "0.24980000" } });
    expect((await suite.w.balance(u.id, "BTC")).held).toBe(0n);
    const mail = await suite.w.latestMail(u.email);
    expect(mail.kind).toBe("withdrawCode");
    expect(mail.text).toContain("/withdraw-links/freeze?token=");
    expect(await suite.w.count("withdrawals", sql`code_hash = ${mail.code}`)).toBe(0);
    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, "0");
    expect(await vault(u.token, { action: "confirm", withdrawalId: asked.id, code: wrong })).toMatchObject({
      status: 400,
      data: { reason: "codeInvalid", attemptsLeft: 4 },
    });
    const confirmed = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "confirm", withdrawalId: asked.id, code: mail.code })).withdrawal as Data;
    expect(confirmed.status).toBe("queued");
    expect(await suite.w.balance(u.id, "BTC")).toMatchObject({
      balance: suite.w.units("BTC", "1"),
      held: suite.w.units("BTC", "0.25"),
      available: suite.w.units("BTC", "0.75"),
    });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await suite.w.runNetwork(1);
      seen.push((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0].status);
    }
    expect(seen).toEqual(["broadcast", "confirming", "completed"]);
    expect(await suite.w.balance(u.id, "BTC")).toMatchObject({ balance: suite.w.units("BTC", "0.75"), held: 0n });
    expect(await suite.w.house("withdrawals", "BTC")).toBeGreaterThanOrEqual(suite.w.units("BTC", "0.2498"));
    const [entry] = (await suite.w.ok("/user/transactions-history", u.token, { type: "withdrawal" })).items;
    expect(entry).toMatchObject({
      id: asked.id,
      type: "withdrawal",
      status: "completed",
      amount: { value: "0.25000000" },
      fee: { value: "0.00020000" },
      network: "bitcoin",
    });
    expect(entry.txid).toMatch(/^[0-9a-f]{64}$/);
    expect((await suite.w.ok("/withdraw/list", u.token, {})).status.limits.usedTodayUsd).toBe("5000.00");
  });

  it("the network fails an address labelled #fail: the hold is voided and the funds are back", async () => {
    const { u, address } = await ready("Test #fail");
    const asked = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.5", idempotencyKey: key() }))
      .withdrawal as Data;
    await suite.w.ok("/user/vault/withdraw", u.token, { action: "confirm", withdrawalId: asked.id, code: (await suite.w.latestMail(u.email)).code });
    await suite.w.runNetwork(3);
    expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0]).toMatchObject({ status: "failed" });
    expect(await suite.w.balance(u.id, "BTC")).toMatchObject({ balance: suite.w.units("BTC", "1"), held: 0n, available: suite.w.units("BTC", "1") });
    expect((await suite.w.ok("/user/transactions-history", u.token, { type: "withdrawal" })).items[0].status).toBe("failed");
  });

  it("a code not entered in 10 minutes expires and the withdrawal is cancelled; five wrong tries end it", async () => {
    const { u, address } = await ready();
    const late = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.1", idempotencyKey: key() }))
      .withdrawal as Data;
    const code = (await suite.w.latestMail(u.email)).code;
    suite.w.clock.advance(10 * 60_000);
    await suite.w.prices.poll();
    expect((await vault(u.token, { action: "confirm", withdrawalId: late.id, code })).data.reason).toBe("codeExpired");
    await suite.w.withdrawals.tick();
    expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0].status).toBe("cancelled");
    const tried = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.1", idempotencyKey: key() }))
      .withdrawal as Data;
    for (let i = 4; i >= 0; i--)
      expect((await vault(u.token, { action: "confirm", withdrawalId: tried.id, code: "000000" })).data).toMatchObject({ attemptsLeft: i });
    expect((await vault(u.token, { action: "confirm", withdrawalId: tried.id, code: (await suite.w.latestMail(u.email)).code })).data.reason).toBe(
      "codeExpired",
    );
    expect((await suite.w.balance(u.id, "BTC")).held).toBe(0n);
  });
});

describe("one idempotency key holds once; another user's withdrawal is refused", () => {
  it("parallel requests with one key make one withdrawal and one mail; parallel confirmations hold once", async () => {
    const { u, address } = await ready();
    const body = { action: "request", addressId: address.id, amount: "0.3", idempotencyKey: key() };
    const mailsBefore = await suite.w.count("outbox");
    const answers = await Promise.all(Array.from({ length: 6 }, () => vault(u.token, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.data.withdrawal.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await suite.w.count("withdrawals", sql`user_id = ${u.id}`)).toBe(1);
    expect(await suite.w.count("outbox")).toBe(mailsBefore + 1);
    expect((await vault(u.token, { ...body, amount: "0.31" })).data.reason).toBe("idempotencyConflict");
    const code = (await suite.w.latestMail(u.email)).code;
    const confirms = await Promise.all(Array.from({ length: 6 }, () => vault(u.token, { action: "confirm", withdrawalId: id, code })));
    expect(confirms.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await suite.w.count("ledger_transfers", sql`reference = ${id!}`)).toBe(2);
    expect((await suite.w.balance(u.id, "BTC")).held).toBe(suite.w.units("BTC", "0.3"));
  });

  it("a second user's withdrawal id is not found, even with its right code", async () => {
    const { u, address } = await ready();
    const other = await suite.w.user();
    const asked = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.1", idempotencyKey: key() }))
      .withdrawal as Data;
    const code = (await suite.w.latestMail(u.email)).code;
    expect(await vault(other.token, { action: "confirm", withdrawalId: asked.id, code })).toMatchObject({
      status: 404,
      data: { reason: "withdrawalNotFound" },
    });
    expect((await suite.w.ok("/withdraw/list", other.token, {})).withdrawals).toEqual([]);
    expect((await suite.w.ok("/user/transactions-history", other.token, { type: "withdrawal" })).items).toEqual([]);
    expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0].status).toBe("awaitingCode");
  });
});
