// POST /dev/ledger/transfer: one transfer through the ledger module, between users' accounts or
// the house's, for the conservation test (thousands of random transfers over HTTP from many
// connections, against one or several server processes). Only with the development tools on;
// elsewhere 404. The product itself moves money only through its features (card buys, …).
import { Hono } from "hono";
import { z } from "zod";
import { devToolsEnabled } from "../../platform/http/hosts.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { Env } from "../../env.ts";
import { LedgerError } from "./errors.ts";
import type { Ledger } from "./ledger.ts";
import { ACCOUNT_CODES, type AccountCode } from "./schema.ts";

const houseKinds = ACCOUNT_CODES.filter((code): code is Exclude<AccountCode, "user" | "receivable"> => code !== "user" && code !== "receivable");
const side = z.union([z.strictObject({ user: z.uuid() }), z.strictObject({ house: z.enum(houseKinds) })]);
const body = z.strictObject({
  key: z.string().min(1).max(200),
  debit: side,
  credit: side,
  asset: z.string().regex(/^[A-Z0-9]{2,10}$/),
  amount: z.string().regex(/^[1-9]\d{0,37}$/),
});

export function devLedgerRoutes(s: { env: Env; ledger: Ledger }) {
  const enabled = devToolsEnabled(s.env);
  const { ledger } = s;
  const account = (which: z.output<typeof side>, asset: string) =>
    "user" in which ? ledger.userAccount(which.user, asset) : ledger.houseAccount(which.house, asset);
  return new Hono<AppEnv>().post("/dev/ledger/transfer", async (c) => {
    if (!enabled) return c.text("Not found", 404);
    const parsed = body.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ status: "error", reason: "invalidRequest" }, 400);
    const { key, debit, credit, asset, amount } = parsed.data;
    try {
      const [transfer] = await ledger.transfer({
        key,
        debit: await account(debit, asset),
        credit: await account(credit, asset),
        asset,
        amount: BigInt(amount),
        code: "dev.transfer",
      });
      return c.json({ status: "success", id: transfer!.id, amount: transfer!.amount.toString() });
    } catch (error) {
      if (error instanceof LedgerError) return c.json({ status: "error", reason: error.code }, 409);
      throw error;
    }
  });
}
