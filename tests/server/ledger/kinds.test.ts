// The ledger's kinds of account and the assets it holds are data: the migration's rows say what
// ACCOUNT_KINDS says, cash in a quote currency has accounts like a coin, and the database refuses a
// kind or an asset it has no row for.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_CURRENCIES } from "../../../contract/index.ts";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import { createLedger, LedgerError, type Ledger } from "../../../server/modules/ledger/index.ts";
import { ACCOUNT_KINDS } from "../../../server/modules/ledger/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

let database: Database;
let ledger: Ledger;
const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db);
}, 60_000);
afterAll(() => database?.close());

describe("kinds of account and assets as data", () => {
  it("has one row per kind the code knows, with the same words", async () => {
    const kinds = await rows(sql`SELECT code, description FROM ledger_account_kinds ORDER BY code`);
    expect(Object.fromEntries(kinds.map((row) => [row.code, row.description]))).toEqual(ACCOUNT_KINDS);
  });

  it("holds every listed coin with its decimals, and the quote currencies in cents", async () => {
    const coins = await rows(sql`SELECT a.symbol, a.decimals, l.kind, l.decimals AS held FROM assets a LEFT JOIN ledger_assets l ON l.code = a.symbol`);
    expect(coins.length).toBeGreaterThan(5);
    for (const coin of coins) expect(coin, String(coin.symbol)).toMatchObject({ kind: "crypto", held: coin.decimals });
    const cash = await rows(sql`SELECT code, decimals FROM ledger_assets WHERE kind = 'fiat' ORDER BY code`);
    expect(cash.map((row) => row.code)).toEqual([...QUOTE_CURRENCIES].sort());
    expect(new Set(cash.map((row) => row.decimals))).toEqual(new Set([2]));
  });

  it("moves cash like a coin: a user's dollars from the house's treasury, never below zero", async () => {
    const user = (await createUser(database.db, { email: `${randomUUID()}@kinds.test`, fullName: "Cash Trader", emailVerifiedAt: new Date() })).id;
    const cash = await ledger.userAccount(user, "USD");
    const treasury = await ledger.houseAccount("treasury", "USD");
    await ledger.transfer({ key: randomUUID(), debit: treasury, credit: cash, asset: "USD", amount: 10_050n, code: "test.cash" });
    expect((await ledger.balances(user)).map(({ asset, balance }) => ({ asset, balance }))).toEqual([{ asset: "USD", balance: 10_050n }]);
    const inventory = await ledger.houseAccount("inventory", "USD");
    const overdraw = ledger.transfer({ key: randomUUID(), debit: cash, credit: inventory, asset: "USD", amount: 10_051n, code: "test.cash" });
    await expect(overdraw).rejects.toBeInstanceOf(LedgerError);
    expect(await ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });

  it("refuses an asset the ledger does not hold, and a kind with no row", async () => {
    await expect(ledger.houseAccount("fees", "GBP")).rejects.toMatchObject({ code: "unknownAccount" });
    const bogus = database.db.execute(sql`INSERT INTO ledger_accounts (asset, code, debits_must_not_exceed_credits) VALUES ('USD', 'gifts', false)`);
    await expect(bogus).rejects.toThrow();
  });
});
