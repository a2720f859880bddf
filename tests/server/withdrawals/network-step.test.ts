// The network's last step resolves the holds and moves the withdrawal to its outcome in one
// transaction: when the ledger refuses part of it (here the fee's hold, on a server whose ledger
// fails there), nothing of the step is kept — the amount's hold is still pending, the withdrawal
// still confirming, no e-mail sent — and the next pass does the whole step.
import { describe, expect, it } from "vitest";
import { createWithdrawals } from "../../../server/modules/withdrawals/index.ts";
import type { Ledger } from "../../../server/modules/ledger/index.ts";
import { mailsTo } from "../helpers/auth.ts";
import { type Data, withdrawSuite } from "./world.ts";

const suite = withdrawSuite();

/** The real ledger, except that resolving a fee's hold fails (a database that went away mid-step). */
function ledgerFailingOnFees(ledger: Ledger): Ledger {
  return {
    ...ledger,
    resolve: async (request, options) => {
      if (request.key.endsWith(":fee:post") || request.key.endsWith(":fee:void")) throw new Error("connection lost");
      return ledger.resolve(request, options);
    },
  };
}

describe("the network's final step", () => {
  for (const [label, outcome] of [
    ["Cold wallet", "completed"],
    ["Test #fail", "failed"],
  ] as const)
    it(`is all or nothing (${outcome})`, async () => {
      const u = await suite.w.user();
      await suite.w.give(u.id, "BTC", "1");
      const address = await suite.w.usableAddress(u, { label });
      const asked = (
        await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.25", idempotencyKey: `key-${outcome}-1` })
      ).withdrawal as Data;
      await suite.w.ok("/user/vault/withdraw", u.token, { action: "confirm", withdrawalId: asked.id, code: (await suite.w.latestMail(u.email)).code });
      await suite.w.runNetwork(2);
      expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0].status).toBe("confirming");

      const failing = createWithdrawals({ ...suite.w.withdrawals.deps, ledger: ledgerFailingOnFees(suite.w.withdrawals.deps.ledger) });
      suite.w.clock.advance(60_000);
      await failing.tick();
      await suite.w.t.mail.idle();
      expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0].status).toBe("confirming");
      expect(await suite.w.balance(u.id, "BTC")).toMatchObject({ balance: suite.w.units("BTC", "1"), held: suite.w.units("BTC", "0.25") });
      expect(
        (await mailsTo(suite.database.db, u.email)).filter(
          (mail) => mail.kind.startsWith("withdraw") && mail.kind !== "withdrawCode" && mail.kind !== "withdrawAddress",
        ),
      ).toEqual([]);

      await suite.w.runNetwork(1);
      await suite.w.t.mail.idle();
      expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0].status).toBe(outcome);
      expect(await suite.w.balance(u.id, "BTC")).toMatchObject({
        balance: suite.w.units("BTC", outcome === "completed" ? "0.75" : "1"),
        held: 0n,
      });
      expect((await mailsTo(suite.database.db, u.email)).filter((mail) => mail.kind === "withdrawCompleted" || mail.kind === "withdrawFailed")).toHaveLength(1);
    });
});
