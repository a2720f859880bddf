// The ledger on the real database (PGlite, or PostgreSQL when DATABASE_URL is set): balances,
// the database's own refusals, idempotency, two-phase holds, all-or-nothing batches and
// conservation under concurrent transfers.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import { createLedger, LedgerError, type Ledger } from "../../../server/modules/ledger/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

let database: Database;
let clock = new Date("2026-11-24T12:00:00Z");
let ledger: Ledger;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db, { now: () => clock });
}, 60_000);
afterAll(() => database?.close());

const newUser = async () =>
  (await createUser(database.db, { email: `${randomUUID()}@ledger.test`, fullName: "Ledger Trader", emailVerifiedAt: new Date() })).id;
const key = () => randomUUID();
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "written",
    (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
  );

async function funded(asset: string, amount: bigint) {
  const user = await newUser();
  const account = await ledger.userAccount(user, asset);
  const onramp = await ledger.houseAccount("onramp", asset);
  await ledger.transfer({ key: key(), debit: onramp, credit: account, asset, amount, code: "test.fund" });
  return { user, account, onramp };
}

async function expectClean() {
  expect(await ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
}

describe("accounts and balances", () => {
  it("makes one account per user and asset, even when asked concurrently", async () => {
    const user = await newUser();
    const ids = await Promise.all(Array.from({ length: 8 }, () => ledger.userAccount(user, "BTC")));
    expect(new Set(ids).size).toBe(1);
    expect(await ledger.userAccount(user, "ETH")).not.toBe(ids[0]);
    expect(await ledger.houseAccount("fees", "BTC")).toBe(await ledger.houseAccount("fees", "BTC"));
    expect(await refusal(ledger.userAccount(user, "NOPE"))).toBe("unknownAccount");
  });

  it("credits a user from the on-ramp's account and answers the balance exactly", async () => {
    const { user } = await funded("ETH", 123_456_789_012_345_678_901n);
    expect(await ledger.balances(user)).toEqual([
      expect.objectContaining({ asset: "ETH", balance: 123_456_789_012_345_678_901n, held: 0n, available: 123_456_789_012_345_678_901n, incoming: 0n }),
    ]);
    await expectClean();
  });
});

describe("refusals", () => {
  it("refuses spending more than the balance, and changes nothing", async () => {
    const { user, account } = await funded("BTC", 1_000n);
    const other = await ledger.userAccount(await newUser(), "BTC");
    const before = await ledger.check();
    expect(await refusal(ledger.transfer({ key: key(), debit: account, credit: other, asset: "BTC", amount: 1_001n, code: "test.move" }))).toBe(
      "insufficientFunds",
    );
    expect((await ledger.balances(user))[0]!.balance).toBe(1_000n);
    expect((await ledger.check()).transfers).toBe(before.transfers);
    await ledger.transfer({ key: key(), debit: account, credit: other, asset: "BTC", amount: 1_000n, code: "test.move" });
    expect((await ledger.balances(user))[0]!.balance).toBe(0n);
  });

  it.each([
    ["a zero amount", { amount: 0n }, "invalidAmount"],
    ["a negative amount", { amount: -5n }, "invalidAmount"],
    ["an amount beyond NUMERIC(40,0)'s room", { amount: 10n ** 38n }, "invalidAmount"],
    ["an empty key", { key: "" }, "invalidRequest"],
    ["a key with a control character", { key: "order\u0000-1" }, "invalidRequest"],
    ["a code that is not a name", { code: "Test code\n" }, "invalidRequest"],
    ["a key with a space", { key: "a b" }, "invalidRequest"],
    ["the same account on both sides", { credit: "debit" }, "sameAccount"],
    ["another asset than the accounts'", { asset: "ETH" }, "assetMismatch"],
    ["an account that does not exist", { credit: "00000000-0000-4000-8000-000000000000" }, "unknownAccount"],
  ] as const)("refuses %s", async (_what, change, code) => {
    const { account, onramp } = await funded("BTC", 500n);
    const request = { key: key(), debit: account, credit: onramp, asset: "BTC", amount: 10n, code: "test.bad", ...change };
    if (request.credit === "debit") request.credit = account;
    const before = await ledger.check();
    expect(await refusal(ledger.transfer(request))).toBe(code);
    expect((await ledger.check()).transfers).toBe(before.transfers);
  });

  it("is guarded by the database itself: no negative user account, no cross-asset transfer, no rewriting history", async () => {
    const { account } = await funded("BTC", 10n);
    const eth = await ledger.houseAccount("treasury", "ETH");
    const failure = (statement: Promise<unknown>) =>
      statement.then(
        () => null,
        (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
      );
    expect(await failure(database.db.execute(sql`UPDATE ledger_accounts SET debits_posted = 11 WHERE id = ${account}`))).toBe("23514");
    expect(await failure(database.db.execute(sql`UPDATE ledger_accounts SET debits_pending = 1, debits_posted = 10 WHERE id = ${account}`))).toBe("23514");
    const rawTransfer = (debit: string, credit: string) =>
      database.db.execute(
        sql`INSERT INTO ledger_transfers (idempotency_key, payload_hash, debit_account_id, credit_account_id, asset, amount, phase, code)
            VALUES (${key()}, 'x', ${debit}, ${credit}, 'BTC', 1, 'posted', 'test.raw')`,
      );
    expect(await failure(rawTransfer(eth, account))).toBe("23503");
    expect(await failure(rawTransfer(account, account))).toBe("23514");
    expect(await failure(database.db.execute(sql`UPDATE ledger_transfers SET amount = amount + 1`))).toBe("23001");
    expect(await failure(database.db.execute(sql`DELETE FROM ledger_transfers`))).toBe("23001");
    await expectClean();
  });
});

describe("idempotency", () => {
  it("answers the first result for the same key and request, and refuses the key with another request", async () => {
    const { user, account, onramp } = await funded("SOL", 0n + 1n);
    const request = { key: key(), debit: onramp, credit: account, asset: "SOL", amount: 50n, code: "test.credit", reference: "order-1" };
    const [first] = await ledger.transfer(request);
    const again = await Promise.all(Array.from({ length: 10 }, () => ledger.transfer(request)));
    expect(again.map(([transfer]) => transfer!.id)).toEqual(Array(10).fill(first!.id));
    expect((await ledger.balances(user))[0]!.balance).toBe(51n);
    expect(await refusal(ledger.transfer({ ...request, amount: 51n }))).toBe("idempotencyConflict");
    expect(await refusal(ledger.transfer({ ...request, reference: "order-2" }))).toBe("idempotencyConflict");
    expect((await ledger.balances(user))[0]!.balance).toBe(51n);
  });

  it("applies a batch all or nothing", async () => {
    const { user, account } = await funded("BTC", 100n);
    const fees = await ledger.houseAccount("fees", "BTC");
    const treasury = await ledger.houseAccount("treasury", "BTC");
    const before = await ledger.check();
    const batch = [
      { key: key(), debit: account, credit: fees, asset: "BTC", amount: 60n, code: "test.fee" },
      { key: key(), debit: account, credit: treasury, asset: "BTC", amount: 60n, code: "test.sell" },
    ];
    expect(await refusal(ledger.transfer(batch))).toBe("insufficientFunds");
    expect((await ledger.balances(user))[0]!.balance).toBe(100n);
    expect((await ledger.check()).transfers).toBe(before.transfers);
    batch[1]!.amount = 40n;
    expect(await ledger.transfer(batch)).toHaveLength(2);
    expect((await ledger.balances(user))[0]!.balance).toBe(0n);
  });
});

describe("two-phase holds", () => {
  it("holds, posts part, voids, refuses a second resolution, and expires on time", async () => {
    const { user, account } = await funded("USDT", 100_000_000n);
    const treasury = await ledger.houseAccount("treasury", "USDT");
    const [hold] = await ledger.transfer({
      key: key(),
      debit: account,
      credit: treasury,
      asset: "USDT",
      amount: 30_000_000n,
      code: "test.withdraw",
      holdSeconds: 60,
    });
    expect((await ledger.balances(user))[0]).toMatchObject({ balance: 100_000_000n, held: 30_000_000n, available: 70_000_000n });
    // Available, not balance, limits spending.
    expect(await refusal(ledger.transfer({ key: key(), debit: account, credit: treasury, asset: "USDT", amount: 80_000_000n, code: "test.spend" }))).toBe(
      "insufficientFunds",
    );

    const postKey = key();
    const posted = await ledger.resolve({ key: postKey, pendingId: hold!.id, action: "post", amount: 20_000_000n });
    expect(posted).toMatchObject({ phase: "post", amount: 20_000_000n, pendingId: hold!.id });
    expect((await ledger.resolve({ key: postKey, pendingId: hold!.id, action: "post", amount: 20_000_000n })).id).toBe(posted.id);
    expect((await ledger.balances(user))[0]).toMatchObject({ balance: 80_000_000n, held: 0n, available: 80_000_000n });
    expect(await refusal(ledger.resolve({ key: key(), pendingId: hold!.id, action: "void" }))).toBe("pendingResolved");
    expect(await refusal(ledger.resolve({ key: key(), pendingId: posted.id, action: "void" }))).toBe("pendingNotFound");

    const [second] = await ledger.transfer({ key: key(), debit: account, credit: treasury, asset: "USDT", amount: 5n, code: "test.withdraw", holdSeconds: 60 });
    expect(await refusal(ledger.resolve({ key: key(), pendingId: second!.id, action: "post", amount: 6n }))).toBe("invalidAmount");
    await ledger.resolve({ key: key(), pendingId: second!.id, action: "void" });
    expect((await ledger.balances(user))[0]).toMatchObject({ balance: 80_000_000n, held: 0n });

    const [third] = await ledger.transfer({ key: key(), debit: account, credit: treasury, asset: "USDT", amount: 7n, code: "test.withdraw", holdSeconds: 60 });
    clock = new Date(clock.getTime() + 61_000);
    expect(await refusal(ledger.resolve({ key: key(), pendingId: third!.id, action: "post" }))).toBe("pendingExpired");
    expect(await ledger.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await ledger.expireDue()).toBe(0);
    expect((await ledger.balances(user))[0]).toMatchObject({ balance: 80_000_000n, held: 0n, available: 80_000_000n });
    await expectClean();
  });

  it("lets one of two concurrent resolutions of a hold win", async () => {
    const { account } = await funded("XRP", 1_000n);
    const treasury = await ledger.houseAccount("treasury", "XRP");
    const [hold] = await ledger.transfer({ key: key(), debit: account, credit: treasury, asset: "XRP", amount: 400n, code: "test.withdraw", holdSeconds: 600 });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, index) => refusal(ledger.resolve({ key: key(), pendingId: hold!.id, action: index % 2 ? "post" : "void" }))),
    );
    expect(outcomes.filter((outcome) => outcome === "written")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "pendingResolved")).toHaveLength(5);
    await expectClean();
  });
});

describe("concurrency", () => {
  it("conserves every asset over 600 parallel transfers between users, with repeated keys and overdrafts refused", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => funded("DOGE", 1_000n)));
    const accounts = users.map((one) => one.account);
    const keys = Array.from({ length: 400 }, () => key());
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const firsts = keys.map((one) => {
      const from = random(accounts.length);
      const to = (from + 1 + random(accounts.length - 1)) % accounts.length;
      return { key: one, debit: accounts[from]!, credit: accounts[to]!, asset: "DOGE", amount: BigInt(1 + random(400)), code: "test.p2p" };
    });
    // 200 more that repeat the first 200 exactly: replays, racing their originals.
    const all = [...firsts, ...firsts.slice(0, 200)];
    const outcomes = await Promise.all(all.map((request) => refusal(ledger.transfer(request))));
    expect(outcomes.every((outcome) => outcome === "written" || outcome === "insufficientFunds")).toBe(true);
    const total = (await Promise.all(users.map(async ({ user }) => (await ledger.balances(user))[0]!.balance))).reduce((sum, balance) => sum + balance, 0n);
    expect(total).toBe(6_000n);
    const written = await database.db.execute(
      sql`SELECT COUNT(*)::int AS n, COUNT(DISTINCT idempotency_key)::int AS keys FROM ledger_transfers WHERE code = 'test.p2p'`,
    );
    const [{ n, keys: distinct }] = (written as unknown as { rows: { n: number; keys: number }[] }).rows as [{ n: number; keys: number }];
    expect(n).toBe(distinct);
    // A refused request writes nothing, so its key may succeed on a later try (a replay racing ahead of it).
    expect(n).toBe(new Set(all.filter((_, index) => outcomes[index] === "written").map((request) => request.key)).size);
    await expectClean();
  }, 120_000);
});
