// A withdrawal's outcome is e-mailed to its owner, in their language, exactly once: completed with
// what arrived, the fee and the network id; failed with the funds back. The network's pass may run
// again, or on two servers at once: the pass whose UPDATE moved it to its outcome is the one that
// writes.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createWithdrawals } from "../../../server/modules/withdrawals/index.ts";
import { mailsTo } from "../helpers/auth.ts";
import { BTC_ADDRESS, type Data, withdrawSuite } from "./world.ts";

const suite = withdrawSuite();
const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

/** A user who asked for 0.25 BTC to the address labelled `label` and entered the code: queued, held. */
async function confirmed(label: string, locale: "en" | "ar" = "en") {
  const u = await suite.w.user();
  await suite.database.db.execute(sql`UPDATE users SET locale = ${locale} WHERE id = ${u.id}`);
  await suite.w.give(u.id, "BTC", "1");
  const address = await suite.w.usableAddress(u, { label });
  const asked = (await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.25", idempotencyKey: key() }))
    .withdrawal as Data;
  await suite.w.ok("/user/vault/withdraw", u.token, { action: "confirm", withdrawalId: asked.id, code: (await suite.w.latestMail(u.email)).code });
  return { u, id: asked.id as string };
}

async function outcomeMails(email: string) {
  await suite.w.t.mail.idle();
  return (await mailsTo(suite.database.db, email)).filter((mail) => mail.kind === "withdrawCompleted" || mail.kind === "withdrawFailed");
}

describe("the e-mail of a withdrawal's outcome", () => {
  it("completed: amount, asset, address, network and network id, in English; once, however often the network passes", async () => {
    const { u } = await confirmed("Cold wallet");
    await suite.w.runNetwork(2);
    expect(await outcomeMails(u.email)).toEqual([]);
    await suite.w.runNetwork(3);
    const mails = await outcomeMails(u.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { txid } = (await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0];
    expect(mail).toMatchObject({ kind: "withdrawCompleted", locale: "en", subject: "Your withdrawal of 0.25000000 BTC is complete" });
    expect(mail!.text).toContain("Your withdrawal of 0.25000000 BTC to Cold wallet is complete.");
    expect(mail!.text).toContain(`Address: ${BTC_ADDRESS}`);
    expect(mail!.text).toContain("Network: bitcoin");
    expect(mail!.text).toContain(`Network id: ${txid}`);
    expect(mail!.text).toContain("0.24980000 BTC arrived at the address; the network fee was 0.00020000 BTC.");
  });

  it("failed: in the user's language (Arabic), saying the whole amount is back", async () => {
    const { u } = await confirmed("Test #fail", "ar");
    await suite.w.runNetwork(3);
    const mails = await outcomeMails(u.email);
    expect(mails.map((mail) => [mail.kind, mail.locale])).toEqual([["withdrawFailed", "ar"]]);
    expect(mails[0]!.subject).toContain("فشل سحبك البالغ");
    expect(mails[0]!.text).toContain("أُعيد المبلغ كاملًا");
    expect(mails[0]!.text).toContain("0.25000000 BTC");
    expect(mails[0]!.text).toContain(BTC_ADDRESS);
    expect((await suite.w.balance(u.id, "BTC")).available).toBe(suite.w.units("BTC", "1"));
  });

  it("two servers' passes at the same moment end it once and mail once", async () => {
    const { u, id } = await confirmed("Cold wallet");
    const other = createWithdrawals(suite.w.withdrawals.deps);
    for (let step = 0; step < 3; step++) {
      suite.w.clock.advance(60_000);
      await Promise.all([suite.w.withdrawals.tick(), other.tick(), suite.w.withdrawals.tick(), other.tick()]);
    }
    expect((await suite.w.ok("/withdraw/list", u.token, {})).withdrawals[0]).toMatchObject({ id, status: "completed" });
    expect((await outcomeMails(u.email)).map((mail) => mail.kind)).toEqual(["withdrawCompleted"]);
    expect(await suite.w.count("ledger_transfers", sql`reference = ${id} AND phase = 'post'`)).toBe(2);
  });
});
