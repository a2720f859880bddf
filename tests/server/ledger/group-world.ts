// What the group commit tests share: two ledgers on one real database (PGlite, or PostgreSQL when
// DATABASE_URL is set), as two server processes would hold it (on PGlite, two instances on one
// handle), fresh funded accounts, and what a call answered.
import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import { createLedger, LedgerError, type Ledger, type TransferRequest } from "../../../server/modules/ledger/index.ts";
import { rowsOf } from "../../../server/modules/ledger/statement.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { openSharedTestDatabases } from "../helpers/test-db.ts";

/** Opens the database for the calling test file, and answers its helpers. */
export function groupWorld() {
  const world = {} as { database: Database; ledger: Ledger; other: Ledger };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let second: Database;
    [world.database, second, close] = await openSharedTestDatabases();
    world.ledger = createLedger(world.database.db);
    world.other = createLedger(second.db);
  }, 60_000);
  afterAll(() => close?.());

  const select = async <Row>(query: SQL) => rowsOf<Row>(await world.database.db.execute(query));

  return Object.assign(world, {
    select,
    count: async (query: SQL) => (await select<{ n: number }>(query))[0]!.n,

    /** Fresh user accounts of USDT, each credited `amount` by the on-ramp (none when 0). */
    async accounts(count: number, amount: bigint): Promise<string[]> {
      const onramp = await world.ledger.houseAccount("onramp", "USDT");
      const ids = await Promise.all(
        Array.from({ length: count }, async () => {
          const user = await createUser(world.database.db, { email: `${randomUUID()}@group.test`, fullName: "Group", emailVerifiedAt: new Date() });
          return world.ledger.userAccount(user.id, "USDT");
        }),
      );
      if (amount > 0n)
        await world.ledger.transfer(ids.map((credit) => ({ key: randomUUID(), debit: onramp, credit, asset: "USDT", amount, code: "test.fund" })));
      return ids;
    },

    async balance(account: string): Promise<bigint> {
      const row = await world.ledger.account(account);
      return row!.creditsPosted - row!.debitsPosted;
    },

    async expectClean(): Promise<void> {
      expect(await world.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
    },
  });
}

export const move = (debit: string, credit: string, amount: bigint, change: Partial<TransferRequest> = {}): TransferRequest => ({
  key: randomUUID(),
  debit,
  credit,
  asset: "USDT",
  amount,
  code: "test.group",
  ...change,
});

/** "written", or the ledger's refusal. */
export const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "written",
    (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
  );
