// Lifting a freeze (npm run ops:withdrawals -- status|unfreeze <email>): the operator's functions
// on the real database. The status says since when withdrawals are frozen, as the page does; the
// lift deletes the freeze, e-mails the user in their language once, and withdrawals work again.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { userContact } from "../../../server/modules/auth/index.ts";
import { operatorFreezes } from "../../../server/modules/withdrawals/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { mailsTo } from "../helpers/auth.ts";
import { withdrawSuite } from "./world.ts";

const suite = withdrawSuite();

function operator() {
  const deps = suite.w.withdrawals.deps;
  // As the command makes them: its own mail service and logger over the server's database.
  return operatorFreezes({
    db: deps.db,
    mail: suite.w.t.mail,
    logger: createLogger("silent"),
    now: deps.now,
    env: deps.env,
    contactOf: (id) => userContact(deps.db, id),
  });
}

describe("ops:withdrawals", () => {
  it("status shows the freeze and since when; unfreeze lifts it, mails the user once, and withdrawals work again", async () => {
    const u = await suite.w.user();
    await suite.database.db.execute(sql`UPDATE users SET locale = 'ar' WHERE id = ${u.id}`);
    await suite.w.give(u.id, "BTC", "1");
    const address = await suite.w.usableAddress(u);
    const desk = operator();
    expect(await desk.status(u.id)).toEqual({ frozenAt: null, withdrawals: {} });
    expect(await desk.lift(u.id)).toBeNull();

    const frozenAt = suite.w.clock.now();
    await suite.w.openLink((await suite.w.latestMail(u.email)).link("/withdraw-links/freeze"), true);
    const list = await suite.w.ok("/withdraw/list", u.token, {});
    expect(list.status).toMatchObject({ frozen: true, frozenAt: frozenAt.toISOString() });
    expect(await desk.status(u.id)).toEqual({ frozenAt, withdrawals: {} });
    const preview = { action: "preview", addressId: address.id, amount: "0.1" };
    expect((await suite.w.post("/user/vault/withdraw", u.token, preview)).data.reason).toBe("withdrawalsFrozen");

    expect(await desk.lift(u.id)).toEqual(frozenAt);
    await suite.w.t.mail.idle();
    const lifted = (await mailsTo(suite.database.db, u.email)).filter((mail) => mail.kind === "withdrawUnfrozen");
    expect(lifted.map((mail) => [mail.locale, mail.subject])).toEqual([["ar", "عاد السحب من حسابك إلى العمل"]]);
    expect((await suite.w.ok("/withdraw/list", u.token, {})).status).toMatchObject({ frozen: false, frozenAt: null });
    expect((await suite.w.post("/user/vault/withdraw", u.token, preview)).status).toBe(200);

    // A second lift finds nothing: no second mail.
    expect(await desk.lift(u.id)).toBeNull();
    await suite.w.t.mail.idle();
    expect((await mailsTo(suite.database.db, u.email)).filter((mail) => mail.kind === "withdrawUnfrozen")).toHaveLength(1);
  });

  it("status counts the user's withdrawals by status", async () => {
    const u = await suite.w.user();
    await suite.w.give(u.id, "BTC", "1");
    const address = await suite.w.usableAddress(u);
    await suite.w.ok("/user/vault/withdraw", u.token, { action: "request", addressId: address.id, amount: "0.1", idempotencyKey: "key-status-1" });
    expect((await operator().status(u.id)).withdrawals).toEqual({ awaitingCode: 1 });
  });
});
