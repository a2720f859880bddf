// Issue 24 item 10: holds past their timeout are expired by the server's scheduled pass (the
// schedule is fired by hand here: no real waiting), all of them, one pass at a time.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import { createHoldExpiry, createLedger, type Ledger } from "../../../server/modules/ledger/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
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

async function withHolds(holds: number) {
  const user = (await createUser(database.db, { email: `${randomUUID()}@expiry.test`, fullName: "Expiry Trader", emailVerifiedAt: new Date() })).id;
  const account = await ledger.userAccount(user, "USDT");
  const onramp = await ledger.houseAccount("onramp", "USDT");
  const treasury = await ledger.houseAccount("treasury", "USDT");
  await ledger.transfer({ key: randomUUID(), debit: onramp, credit: account, asset: "USDT", amount: 1_000n, code: "test.fund" });
  for (let i = 0; i < holds; i++) {
    await ledger.transfer({ key: randomUUID(), debit: account, credit: treasury, asset: "USDT", amount: 10n, code: "test.withdraw", holdSeconds: 60 });
  }
  return user;
}
const usdt = async (user: string) => (await ledger.balances(user)).find((row) => row.asset === "USDT")!;

describe("the hold expiry schedule", () => {
  it("expires every hold past its timeout at the next pass, and nothing before", async () => {
    const user = await withHolds(5);
    expect(await usdt(user)).toMatchObject({ balance: 1_000n, held: 50n, available: 950n });

    const expireDue = vi.spyOn(ledger, "expireDue");
    // A page of two: one pass still works through all five.
    const expiry = createHoldExpiry({ ledger, logger: createLogger("silent"), everySeconds: 30, pageSize: 2 });
    let fire!: () => void;
    let everyMs = 0;
    expiry.start((ms, run) => {
      everyMs = ms;
      fire = run;
      return () => {};
    });
    expect(everyMs).toBe(30_000);
    // Nothing runs at start; a pass before the timeout expires nothing.
    expect(expiry.passes).toBe(0);
    fire();
    await expiry.pass();
    expect(await usdt(user)).toMatchObject({ held: 50n, available: 950n });

    clock = new Date(clock.getTime() + 61_000);
    fire();
    // Triggers during the pass start no other one.
    fire();
    fire();
    await expiry.pass();
    expect(expiry.passes).toBe(2);
    expect(await usdt(user)).toMatchObject({ balance: 1_000n, held: 0n, available: 1_000n });
    expect(expireDue.mock.calls.length).toBeGreaterThanOrEqual(4);

    await expiry.stop();
    fire();
    expect(expiry.passes).toBe(2);
    expect(await ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
    expireDue.mockRestore();
  });
});
