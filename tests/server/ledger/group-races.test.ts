// Group commit (server/modules/ledger/group.ts) where other transactions and processes meet it, on
// the real database (PGlite, or PostgreSQL when DATABASE_URL is set): a key or a credit written by
// another transaction while a group waited, a group's statement that fails or whose answer is lost,
// and two processes sending random calls, and sending some of them again, at once.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LedgerError } from "../../../server/modules/ledger/index.ts";
import { batchWriter } from "../../../server/modules/ledger/batch.ts";
import { sqlState } from "../../../server/modules/ledger/errors.ts";
import { groupCommit } from "../../../server/modules/ledger/group.ts";
import { groupWorld, move, outcome } from "./group-world.ts";

const world = groupWorld();
const { accounts, balance, count, select, expectClean } = world;

describe("group commit among other transactions", () => {
  it("answers a key another transaction wrote while the group waited, though the account could not pay it twice", async () => {
    const [from, to, a, b] = await accounts(4, 100n);
    const first = move(from!, to!, 80n);
    let racing: Promise<unknown>[] = [];
    const [made] = await world.database.db.transaction(async (tx) => {
      const written = await world.ledger.transfer(first, { tx });
      // One group, started while the first is uncommitted: on PostgreSQL it waits for that
      // transaction's locks with a snapshot that cannot see its key; PGlite runs it afterwards.
      racing = [
        world.ledger.transfer(first).then(([transfer]) => transfer!.id),
        outcome(world.ledger.transfer(move(a!, b!, 1n))),
        outcome(world.ledger.transfer(move(to!, a!, 200n))),
      ];
      await new Promise((done) => setTimeout(done, 300));
      return written;
    });
    expect(await Promise.all(racing)).toEqual([made!.id, "written", "insufficientFunds"]);
    expect([await balance(from!), await balance(to!)]).toEqual([20n, 180n]);
    await expectClean();
  });

  it("spends what another transaction credited while the call waited for the account", async () => {
    const [a, b, c, d] = await accounts(4, 0n);
    const onramp = await world.ledger.houseAccount("onramp", "USDT");
    let racing: Promise<string>[] = [];
    await world.database.db.transaction(async (tx) => {
      await world.ledger.transfer([move(onramp, a!, 100n), move(onramp, c!, 100n)], { tx });
      // Their snapshots cannot see the credits; on PostgreSQL they wait for the accounts' locks.
      racing = [
        outcome(world.other.transfer(move(a!, b!, 60n))),
        outcome(world.ledger.transfer(move(c!, d!, 30n))),
        outcome(world.ledger.transfer(move(c!, d!, 30n))),
      ];
      await new Promise((done) => setTimeout(done, 300));
    });
    expect(await Promise.all(racing)).toEqual(["written", "written", "written"]);
    expect(await Promise.all([a!, b!, c!, d!].map(balance))).toEqual([40n, 60n, 40n, 60n]);
    await expectClean();
  });

  it("writes each call again alone when the group's statement fails, and only the failing call fails", async () => {
    const [from, to] = await accounts(2, 100n);
    const broken = move(from!, "not-an-account-id", 1n);
    const alone = await world.ledger.transfer(broken).catch((error: unknown) => sqlState(error));
    const outcomes = await Promise.all([
      outcome(world.ledger.transfer(move(from!, to!, 10n))),
      world.ledger.transfer({ ...broken, key: randomUUID() }).catch((error: unknown) => sqlState(error)),
      outcome(world.ledger.transfer(move(to!, from!, 3n))),
    ]);
    expect(alone).toBe("22P02");
    expect(outcomes).toEqual(["written", "22P02", "written"]);
    expect([await balance(from!), await balance(to!)]).toEqual([93n, 107n]);
    await expectClean();
  });

  it("credits none twice when a group's commit is lost on its way back", async () => {
    const { writeAlone } = batchWriter(world.database.db, () => new Date());
    let lost = 0;
    // The group commits, then its answer is lost (a connection dropped after COMMIT): each call is
    // written again alone, and its key answers the transfer already made.
    const groups = groupCommit(async (calls) => {
      const answers = await writeAlone(calls);
      if (calls.length > 1 && lost++ === 0) throw new Error("connection lost");
      return answers;
    }, 1);
    const [poor, ...rich] = await accounts(4, 50n);
    const requests = [move(rich[0]!, poor!, 5n), move(poor!, rich[1]!, 80n), move(rich[1]!, rich[2]!, 5n), move(rich[2]!, rich[0]!, 5n)];
    const outcomes = await Promise.all(requests.map((request) => outcome(groups.submit([request]))));
    expect(lost).toBeGreaterThan(0);
    expect(outcomes).toEqual(["written", "insufficientFunds", "written", "written"]);
    expect(await Promise.all([poor!, ...rich].map(balance))).toEqual([55n, 50n, 45n, 50n]);
    for (const request of requests) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = ${request.key}`)).toBe(request === requests[1] ? 0 : 1);
    }
    await expectClean();
  });

  it("conserves every asset over concurrent random calls from two processes, and no account is below zero between calls", async () => {
    const ids = await accounts(8, 300n);
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0), Math.floor((seed / 2 ** 32) * n));
    const calls = Array.from({ length: 400 }, () => {
      const from = random(ids.length);
      const to = (from + 1 + random(ids.length - 1)) % ids.length;
      const one = move(ids[from]!, ids[to]!, BigInt(1 + random(200)));
      return random(4) === 0 ? [one, move(ids[to]!, ids[from]!, BigInt(1 + random(200)))] : [one];
    });
    // Every tenth call is sent again, at once, through the other process: the same keys, the same requests.
    const answers = await Promise.all(
      [
        ...calls.map((call, index) => [call, index % 2 ? world.other : world.ledger] as const),
        ...calls.filter((_, index) => index % 10 === 0).map((call) => [call, world.other] as const),
      ].map(([call, through]) =>
        through.transfer(call).then(
          (transfers) => transfers.map((transfer) => transfer.id).join(),
          (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
        ),
      ),
    );
    const outcomes = answers.slice(0, calls.length).map((answer) => (answer === "insufficientFunds" ? answer : answer.includes("-") ? "written" : answer));
    answers.slice(calls.length).forEach((again, index) => {
      const first = answers[index * 10]!;
      // A refusal writes nothing: the call sent again may be written after funds arrived, and the first may be written after it.
      if (first !== "insufficientFunds" && again !== "insufficientFunds") expect(again).toBe(first);
      if (again !== "insufficientFunds") outcomes[index * 10] = "written";
    });
    expect(outcomes.every((one) => one === "written" || one === "insufficientFunds")).toBe(true);
    expect(outcomes.filter((one) => one === "insufficientFunds").length).toBeGreaterThan(0);
    // Replayed in the order they were written, no account is ever below zero between two calls.
    const written = new Set(calls.filter((_, index) => outcomes[index] === "written").flatMap((call) => call.map((request) => request.key)));
    const callOf = new Map(calls.flatMap((call, index) => call.map((request) => [request.key, index] as const)));
    const rows = await select<{ key: string; debit: string; credit: string; amount: string }>(
      sql`SELECT idempotency_key AS key, debit_account_id AS debit, credit_account_id AS credit, amount::text AS amount
            FROM ledger_transfers WHERE code = 'test.group' AND debit_account_id IN ${ids} ORDER BY seq`,
    );
    expect(new Set(rows.map((row) => row.key))).toEqual(written);
    // Per account, in the order of its transfers (a call's transfers to one account are written together,
    // under its lock), the balance after each call that touched it.
    const balances = new Map<string, bigint>();
    for (const id of ids) {
      const mine = rows.filter((row) => row.debit === id || row.credit === id);
      let value = 300n;
      mine.forEach((row, index) => {
        value += row.credit === id ? BigInt(row.amount) : -BigInt(row.amount);
        if (callOf.get(mine[index + 1]?.key ?? "") !== callOf.get(row.key)) expect(value).toBeGreaterThanOrEqual(0n);
      });
      balances.set(id, value);
    }
    for (const id of ids) expect(await balance(id)).toBe(balances.get(id));
    await expectClean();
  }, 60_000);
});
