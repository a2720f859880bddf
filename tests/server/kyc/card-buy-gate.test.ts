// The card-buy gate: above KYC_CARD_BUY_THRESHOLD_USD (in the order's currency at today's rate) a
// buy needs an approved identity verification; at or below it, or once approved, it goes through.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { envWith } from "../../../server/env.ts";
import { createKyc } from "../../../server/modules/kyc/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { testTempDir } from "../helpers/temp-dir.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, type OnrampWorld } from "../onramp/world.ts";
import { FORM, uploadPhotos } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;
const settings = { KYC_CARD_BUY_THRESHOLD_USD: "500", KYC_SANDBOX_REVIEW_SECONDS: "5", DATA_DIR: testTempDir("sarraf-kyc-gate-") };

const orders = async () =>
  Number(((await database.db.execute(sql`SELECT count(*)::int AS n FROM onramp_orders`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock, settings);
});
afterAll(async () => {
  w.stop();
  await database.close();
});

/** The sandbox reviewer over the same database, as the server's schedule runs it. */
async function verify(token: string, lastName = "Haddad") {
  const { frontFileId, selfieFileId } = await uploadPhotos(w.t, token);
  const res = await w.t.post("/user/kyc/submit", { token, body: { ...FORM, lastName, frontFileId, selfieFileId } });
  expect(res.status).toBe(200);
  const kyc = createKyc({ db: database.db, env: envWith(settings), logger: createLogger("silent"), now: clock.now });
  clock.advance(5_000);
  await kyc.review();
}

describe("card buys above the threshold", () => {
  it("are refused with kycRequired, translated, and nothing is ordered, until the identity is approved", async () => {
    const { token } = await w.user();
    const before = await orders();
    for (const lang of ["en", "ar"]) {
      const { res, body } = await w.buy(token, { asset: "BTC", currency: "USD", amount: "500.01" }, lang);
      expect(res.status).toBe(403);
      expect(body.data).toEqual({ reason: "kycRequired" });
      expect(body.message).toMatch(lang === "ar" ? /[\u0600-\u06ff]/ : /verified identity/);
    }
    expect(await orders()).toBe(before);
    // At the threshold itself: no verification needed.
    expect((await w.buy(token, { asset: "BTC", currency: "USD", amount: "500" })).res.status).toBe(200);

    await verify(token);
    expect((await w.buy(token, { asset: "BTC", currency: "USD", amount: "2000" })).res.status).toBe(200);
  });

  it("count the threshold in the order's currency", async () => {
    const { token } = await w.user();
    // 500 USD at 3.6725 AED per dollar is 1836.25 AED.
    expect((await w.buy(token, { asset: "ETH", currency: "AED", amount: "1836.26" })).body.data).toEqual({ reason: "kycRequired" });
    expect((await w.buy(token, { asset: "ETH", currency: "AED", amount: "1836.25" })).res.status).toBe(200);
  });

  it("stay refused while the verification is pending or was rejected", async () => {
    const pending = await w.user();
    const { frontFileId, selfieFileId } = await uploadPhotos(w.t, pending.token);
    await w.t.post("/user/kyc/submit", { token: pending.token, body: { ...FORM, frontFileId, selfieFileId } });
    expect((await w.buy(pending.token, { asset: "BTC", currency: "USD", amount: "600" })).body.data).toEqual({ reason: "kycRequired" });
    const rejected = await w.user();
    await verify(rejected.token, "Retry");
    expect((await w.buy(rejected.token, { asset: "BTC", currency: "USD", amount: "600" })).body.data).toEqual({ reason: "kycRequired" });
  });

  it("answer the amount's own errors first", async () => {
    const { token } = await w.user();
    expect((await w.buy(token, { asset: "BTC", currency: "USD", amount: "5000.01" })).body.data).toMatchObject({
      reason: "validation",
      fieldKeys: { amount: "amount.aboveMaximum" },
    });
  });
});
