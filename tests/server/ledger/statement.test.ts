// The ledger's one-statement transfer (server/modules/ledger/statement.ts), on the real database
// (PGlite, or PostgreSQL when DATABASE_URL is set): what the statement carries survives the trip
// exactly, it joins a caller's transaction, a key raced in by another transaction is answered or
// refused, and the plan kept for it finds accounts and keys through their indexes.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import { createLedger, LedgerError, type Ledger, type TransferRequest } from "../../../server/modules/ledger/index.ts";
import { encode } from "../../../server/modules/ledger/encoding.ts";
import { TRANSFER } from "../../../server/modules/ledger/statement.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

let database: Database;
let ledger: Ledger;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db);
}, 60_000);
afterAll(() => database?.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "written",
    (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
  );

async function pair(asset = "USDT") {
  const users = await Promise.all(
    [0, 1].map(() => createUser(database.db, { email: `${randomUUID()}@ledger.test`, fullName: "Ledger", emailVerifiedAt: new Date() })),
  );
  const [from, to] = await Promise.all(users.map((user) => ledger.userAccount(user.id, asset)));
  await ledger.transfer({ key: randomUUID(), debit: await ledger.houseAccount("onramp", asset), credit: from!, asset, amount: 1_000n, code: "test.fund" });
  return { from: from!, to: to!, users };
}

const move = (from: string, to: string, change: Partial<TransferRequest> = {}): TransferRequest => ({
  key: randomUUID(),
  debit: from,
  credit: to,
  asset: "USDT",
  amount: 10n,
  code: "test.move",
  ...change,
});

describe("the transfer statement", () => {
  it("carries keys and references exactly, whatever quotes, backslashes or quoting tags they hold", async () => {
    const { from, to } = await pair();
    const reference = `it's \\' \\\\ "q" $statement$ $prepare$ E'x' -- ; é 💱 \u0001 {"a":1}`;
    const request = move(from, to, { key: `k'\\"$prepare$-${randomUUID()}`, reference });
    const [first] = await ledger.transfer(request);
    expect(first).toMatchObject({ key: request.key, reference, amount: 10n, phase: "posted" });
    expect((await ledger.transfer(request))[0]!.id).toBe(first!.id);
    expect(await refusal(ledger.transfer({ ...request, reference: `${reference}!` }))).toBe("idempotencyConflict");
  });

  it("joins a caller's transaction: written with its writes, undone with its rollback", async () => {
    const { from, to, users } = await pair();
    const kept = move(from, to);
    await database.db.transaction(async (tx) => {
      await ledger.transfer(kept, { tx });
      // The same key again in the same transaction answers the first transfer; another request is refused.
      expect((await ledger.transfer(kept, { tx }))[0]!.key).toBe(kept.key);
    });
    const undone = move(from, to, { amount: 20n });
    const failed = await database.db
      .transaction(async (tx) => {
        await ledger.transfer(undone, { tx });
        throw new Error("the caller fails");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("the caller fails");
    expect((await ledger.balances(users[0]!.id))[0]!.balance).toBe(990n);
    expect(await ledger.transfer(undone)).toHaveLength(1);
    expect((await ledger.balances(users[0]!.id))[0]!.balance).toBe(970n);
  });

  it.each([
    ["on its own", false],
    ["inside another transaction", true],
  ])("answers a key that another transaction committed meanwhile (%s), or refuses it for another request", async (_how, inside) => {
    const { from, to } = await pair();
    const first = move(from, to);
    const again = (request: TransferRequest) => (inside ? database.db.transaction((tx) => ledger.transfer(request, { tx })) : ledger.transfer(request));
    let racing: Promise<string>[] = [];
    const [made] = await database.db.transaction(async (tx) => {
      const written = await ledger.transfer(first, { tx });
      // Started while the first is uncommitted: on PostgreSQL they wait for its locks, with a snapshot
      // that cannot see it; PGlite runs them after it.
      racing = [again(first).then(([transfer]) => transfer!.id), refusal(again({ ...first, amount: 11n }))];
      await new Promise((done) => setTimeout(done, 300));
      return written;
    });
    expect(await Promise.all(racing)).toEqual([made!.id, "idempotencyConflict"]);
    expect(await ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });

  it.each([
    ["a call on its own", "alone", 1],
    ["a group of calls", "group", 2],
  ] as const)("keeps a plan that finds accounts and keys through their indexes (%s)", async (_what, variant, calls) => {
    const { from, to } = await pair();
    const { json } = encode(
      Array.from({ length: calls }, () => [move(from, to)]),
      new Date(),
    );
    let plan: unknown;
    // Rolled back: the probe leaves nothing behind (a prepared statement outlives it, so it is dropped first).
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`PREPARE ledger_plan_probe(json) AS ${TRANSFER[variant]}`));
        await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
        plan = await tx.execute(sql.raw(`EXPLAIN EXECUTE ledger_plan_probe('${json}')`));
        await tx.execute(sql`DEALLOCATE ledger_plan_probe`);
        tx.rollback();
      })
      .catch(() => {});
    const text = JSON.stringify(plan);
    expect(text).toContain("Index Scan using ledger_transfers_idempotency_key_unique on ledger_transfers");
    expect(text).toMatch(/Index Scan using ledger_accounts_\w+ on ledger_accounts/);
    expect(text).not.toContain("Seq Scan on ledger_transfers");
  });
});
