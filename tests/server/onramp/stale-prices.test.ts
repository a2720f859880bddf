// Issue 24 item 5: a card buy is never priced from a stale price. With the source paused past
// PRICE_STALE_SECONDS the quote and sendOrder answer 503 pricesStale in the request's language
// and create nothing; once the source answers again both work.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;

const orderCount = async () =>
  Number(((await database.db.execute(sql`SELECT count(*)::int AS n FROM onramp_orders`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const quote = (token: string, lang?: string) =>
  w.t.post("/user/swipelux/quote", { token, body: { asset: "BTC", currency: "USD", amount: "100" }, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock, { PRICE_STALE_SECONDS: "30" });
});
afterAll(async () => {
  w.stop();
  await database.close();
});

describe("prices older than PRICE_STALE_SECONDS", () => {
  it("refuse the quote and the order with 503 pricesStale, translated, creating nothing; fresh prices buy again", async () => {
    const { token } = await w.user();
    await w.prices.poll();
    expect((await quote(token)).status).toBe(200);

    // The source stops answering; the last prices age past the limit.
    w.prices.pause();
    clock.advance(31_000);
    await w.prices.poll();
    const before = await orderCount();

    const en = await quote(token);
    expect(en.status).toBe(503);
    expect(await bodyOf(en)).toMatchObject({
      status: "error",
      message: "Prices are out of date right now, so nothing can be bought at them. Please try again in a moment.",
      data: { reason: "pricesStale" },
    });
    const ar = await quote(token, "ar");
    expect(ar.status).toBe(503);
    expect(await bodyOf(ar)).toMatchObject({
      message: "الأسعار غير محدَّثة الآن، فلا يمكن الشراء بها. يرجى المحاولة بعد قليل.",
      data: { reason: "pricesStale" },
    });

    for (const lang of ["en", "ar"]) {
      const { res, body } = await w.buy(token, { asset: "BTC", currency: "USD", amount: "100" }, lang);
      expect(res.status).toBe(503);
      expect(body.data).toEqual({ reason: "pricesStale" });
      expect(body.message).toMatch(lang === "ar" ? /[\u0600-\u06ff]/ : /out of date/);
    }
    expect(await orderCount()).toBe(before);

    // The source answers again: fresh prices quote, up to the limit itself and not a second past it.
    w.prices.resume();
    await w.prices.poll();
    expect((await quote(token)).status).toBe(200);
    clock.advance(30_000);
    expect((await quote(token)).status).toBe(200);
    clock.advance(1_000);
    expect((await quote(token)).status).toBe(503);

    // The next poll (w.buy polls first) makes them fresh: the order is made.
    const { res } = await w.buy(token, { asset: "BTC", currency: "USD", amount: "100" });
    expect(res.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });
});
