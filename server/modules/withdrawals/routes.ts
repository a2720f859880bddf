// The withdrawal calls (contract/withdrawalRoutes.ts): the address book (/withdraw/list, add,
// update, delete) and /user/vault/withdraw (preview, request, confirm).
import { desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../platform/http/types.ts";
import { WITHDRAWABLE_ASSETS } from "../../../contract/index.ts";
import { fromMinor } from "../../../contract/decimal.ts";
import type { Env } from "../../env.ts";
import { handlers } from "../../platform/http/api.ts";
import { linkOrigin } from "../../platform/http/hosts.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import { addressOf } from "./addresses.ts";
import { checkAddress } from "./address-check.ts";
import type { Withdrawals } from "./service.ts";
import { withdrawals } from "./schema.ts";
import { withdrawalOf } from "./view.ts";

const LISTED = 50;

export function withdrawalHandlers({ env, withdrawals: w }: { env: Parameters<typeof linkOrigin>[0] & Pick<Env, "NODE_ENV">; withdrawals: Withdrawals }) {
  const { book, guards, withdraw, mails, deps } = w;

  return handlers({
    withdrawList: {
      success: "success.ok",
      handle: async (c) => {
        const userId = c.var.auth.user.id;
        const at = deps.now();
        const [addresses, rows, status, balances] = await Promise.all([
          book.list(userId),
          deps.db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(LISTED),
          guards.status(userId),
          deps.ledger.balances(userId),
        ]);
        const available = await Promise.all(
          balances
            .filter((b) => WITHDRAWABLE_ASSETS.includes(b.asset) && b.available > 0n)
            .map(async (b) => ({ asset: b.asset, value: fromMinor(b.available, (await deps.catalog.assetOf(b.asset))?.decimals ?? 0) })),
        );
        return { addresses: addresses.map((row) => addressOf(row, at)), withdrawals: rows.map(withdrawalOf), status, available };
      },
    },
    withdrawAdd: {
      success: "success.ok",
      handle: async (c, body) => {
        const userId = c.var.auth.user.id;
        const locale = c.var.locale;
        if ((await guards.gates(userId)).frozen) throw refuse("withdrawAdd", "withdrawalsFrozen");
        const checked = checkAddress(body.network, body.asset, body.address, body.memo);
        if (!checked.ok) throw refuse("withdrawAdd", "validation", validationData(locale, { [checked.problem.field]: checked.problem.key }));
        if (await book.full(userId)) throw refuse("withdrawAdd", "validation", validationData(locale, { address: "field.invalid" }));
        const { row, token } = await book.add(userId, {
          label: body.label,
          asset: body.asset,
          network: body.network,
          address: checked.address,
          memo: checked.memo,
        });
        await mails.address(userId, linkOrigin(env, c as unknown as Context<AppEnv>), { label: row.label, address: row.address, network: row.network, token });
        deps.logger.info("withdraw.addressAdded", { addressId: row.id });
        return addressOf(row, deps.now());
      },
    },
    withdrawUpdate: {
      success: "success.ok",
      handle: async (c, { id, label }) => {
        const row = await book.rename(c.var.auth.user.id, id, label);
        if (!row) throw refuse("withdrawUpdate", "addressNotFound");
        return addressOf(row, deps.now());
      },
    },
    withdrawDelete: {
      success: "success.ok",
      handle: async (c, { id }) => {
        if (!(await book.remove(c.var.auth.user.id, id))) throw refuse("withdrawDelete", "addressNotFound");
        return null;
      },
    },
    vaultWithdraw: {
      success: "success.ok",
      handle: async (c, body) => {
        const userId = c.var.auth.user.id;
        const locale = c.var.locale;
        if (body.action === "preview") return withdraw.preview(userId, locale, body.addressId, body.amount);
        if (body.action === "request") return withdraw.request(userId, locale, linkOrigin(env, c as unknown as Context<AppEnv>), body);
        return withdraw.confirm(userId, locale, body.withdrawalId, body.code);
      },
    },
  });
}
