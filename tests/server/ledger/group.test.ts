// Group commit (server/modules/ledger/group.ts) on the real database (PGlite, or PostgreSQL when
// DATABASE_URL is set): concurrent calls share a statement and a commit, yet each is all or nothing
// on its own and gets exactly the answer it would have got alone — a refusal stays with its call,
// keys keep their idempotency, and the calls of a group count one after another.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWorld, move, outcome } from "./group-world.ts";

const world = groupWorld();
const { accounts, balance, count, expectClean } = world;

describe("group commit", () => {
  it("answers each of many concurrent calls its own transfers, sharing commits", async () => {
    const ids = await accounts(10, 1_000n);
    const requests = Array.from({ length: 60 }, (_, index) =>
      move(ids[index % 10]!, ids[(index + 1) % 10]!, BigInt(1 + index), { reference: `order-${index}` }),
    );
    const answers = await Promise.all(requests.map((request) => world.ledger.transfer(request)));
    answers.forEach(([transfer], index) => {
      const request = requests[index]!;
      expect(transfer).toMatchObject({ key: request.key, debit: request.debit, credit: request.credit, amount: request.amount, reference: request.reference });
    });
    expect(new Set(answers.map(([transfer]) => transfer!.id)).size).toBe(60);
    // A transaction's rows share its start time: fewer times than calls means calls shared commits.
    expect(new Set(answers.map(([transfer]) => transfer!.createdAt.getTime())).size).toBeLessThan(60);
    for (const id of ids) {
      const moved = requests.reduce((sum, request) => sum + (request.credit === id ? request.amount : request.debit === id ? -request.amount : 0n), 0n);
      expect(await balance(id)).toBe(1_000n + moved);
    }
    await expectClean();
  });

  it("refuses only the call that overdraws; the others in its group are written", async () => {
    const [poor, ...rich] = await accounts(6, 100n);
    const calls = [
      ...rich.map((from, index) => [move(from, rich[(index + 1) % rich.length]!, 10n)]),
      [move(poor!, rich[0]!, 60n), move(poor!, rich[1]!, 60n)],
      ...rich.map((from) => [move(from, poor!, 5n)]),
    ];
    const outcomes = await Promise.all(calls.map((call) => outcome(world.ledger.transfer(call))));
    expect(outcomes).toEqual([...rich.map(() => "written"), "insufficientFunds", ...rich.map(() => "written")]);
    expect(await balance(poor!)).toBe(125n);
    expect(await count(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE debit_account_id = ${poor}`)).toBe(0);
    await expectClean();
  });

  it("never lets two calls that could not both be written alone pass together", async () => {
    // Each would have to go first, and neither can: alone, one after the other, both are refused.
    const [a, b] = await accounts(2, 0n);
    const outcomes = await Promise.all([outcome(world.ledger.transfer(move(a!, b!, 100n))), outcome(world.ledger.transfer(move(b!, a!, 100n)))]);
    expect(outcomes).toEqual(["insufficientFunds", "insufficientFunds"]);
    expect([await balance(a!), await balance(b!)]).toEqual([0n, 0n]);
    await expectClean();
  });

  it("keeps idempotency: a replay answers the first transfer, another request under its key is refused", async () => {
    const ids = await accounts(4, 1_000n);
    const first = move(ids[0]!, ids[1]!, 7n);
    const [made] = await world.ledger.transfer(first);
    const others = ids.map((from, index) => move(from, ids[(index + 1) % ids.length]!, 3n));
    const [replay, conflict, ...rest] = await Promise.all([
      outcome(world.ledger.transfer(first).then(([transfer]) => expect(transfer!.id).toBe(made!.id))),
      outcome(world.ledger.transfer({ ...first, amount: 8n })),
      ...others.map((request) => outcome(world.ledger.transfer(request))),
    ]);
    expect([replay, conflict, rest]).toEqual(["written", "idempotencyConflict", others.map(() => "written")]);
    expect(await balance(ids[0]!)).toBe(993n);
    await expectClean();
  });

  it("writes one transfer for a key sent twice at once, and refuses a third with another request", async () => {
    const [from, to] = await accounts(2, 1_000n);
    const request = move(from!, to!, 11n);
    const answers = await Promise.all([
      world.ledger.transfer(request),
      world.ledger.transfer(request),
      outcome(world.ledger.transfer({ ...request, amount: 12n })),
    ]);
    expect(answers[0][0]!.id).toBe(answers[1][0]!.id);
    expect(answers[2]).toBe("idempotencyConflict");
    expect(await count(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = ${request.key}`)).toBe(1);
    expect(await balance(from!)).toBe(989n);
  });

  it("refuses an unknown account or another asset to its call only", async () => {
    const ids = await accounts(3, 1_000n);
    const outcomes = await Promise.all([
      outcome(world.ledger.transfer(move(ids[0]!, ids[1]!, 1n))),
      outcome(world.ledger.transfer(move(ids[1]!, "00000000-0000-4000-8000-000000000000", 1n))),
      outcome(world.ledger.transfer(move(ids[1]!, ids[2]!, 1n, { asset: "BTC" }))),
      outcome(world.ledger.transfer(move(ids[2]!, ids[0]!, 1n))),
    ]);
    expect(outcomes).toEqual(["written", "unknownAccount", "assetMismatch", "written"]);
    await expectClean();
  });
});
