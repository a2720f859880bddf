import { describe, expect, it } from "vitest";
import { differences, type Figures } from "../../scripts/restore-drill/figures.ts";

// The restore drill (npm run ops:restore-drill) passes only when the restored copy matches the
// original in every figure it compares; here, that each kind of mismatch is named.
const sound = { unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [], transfers: 4 };
const original = (): Figures => ({
  tables: { "public.ledger_transfers": { rows: 4, digest: "abc" }, "public.users": { rows: 2, digest: "def" } },
  accounts: { "1": "0/100/0/0", "2": "100/0/0/0" },
  userHoldings: { BTC: "100" },
  check: { ...sound },
});

describe("the restore drill's comparison", () => {
  it("finds nothing between identical figures", () => {
    expect(differences(original(), original())).toEqual([]);
  });

  it("names a table with other rows, a missing table, an account, the holdings and the transfer count", () => {
    const restored = original();
    restored.tables["public.users"] = { rows: 2, digest: "xyz" };
    delete restored.tables["public.ledger_transfers"];
    restored.accounts["2"] = "90/0/0/0";
    restored.userHoldings.BTC = "90";
    restored.check.transfers = 3;
    expect(differences(original(), restored)).toEqual([
      'table public.ledger_transfers: original {"rows":4,"digest":"abc"}, restored missing',
      'table public.users: original {"rows":2,"digest":"def"}, restored {"rows":2,"digest":"xyz"}',
      'account 2: original "100/0/0/0", restored "90/0/0/0"',
      'user holdings of BTC: original "100", restored "90"',
      "transfers: original 4, restored 3",
    ]);
  });

  it("fails on a broken ledger on either side, even when both sides agree", () => {
    const broken = { ...original(), check: { ...sound, unbalancedAssets: ["BTC"], negativeAccounts: ["7"] } };
    expect(differences(broken, broken)).toEqual([
      "original: asset BTC does not net to zero",
      "original: user account 7 is below zero",
      "restored: asset BTC does not net to zero",
      "restored: user account 7 is below zero",
    ]);
  });
});
