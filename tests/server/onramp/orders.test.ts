// Card buys over HTTP against the real database and ledger, through the sandbox provider: quotes
// and limits, the payment page's test cards, statuses, exactly-once credit, bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { BuyOrder, BuyQuote } from "../../../contract/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { CHALLENGE, DECLINE, onrampWorld, STEP_MS, SUCCESS, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;

const units = (value: string) => BigInt(value.replace(".", ""));
const rowsOf = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const count = async (table: string) => Number((await rowsOf(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock);
});
afterAll(async () => {
  w.stop();
  await database.close();
});

describe("the quote", () => {
  it("charges what was typed and credits the crypto it buys less a 1.5% fee, exactly", async () => {
    const { token } = await w.user();
    const res = await w.t.post("/user/swipelux/quote", { token, body: { asset: "btc", currency: "USD", amount: "100" } });
    const quote = (await bodyOf(res)).data as unknown as BuyQuote;
    expect(res.status).toBe(200);
    expect(quote.pay).toEqual({ asset: "USD", value: "100.00" });
    const gross = units(quote.receive.value) + units(quote.fee.value);
    expect(units(quote.fee.value)).toBe((gross * 150n) / 10_000n);
    // 100 USD at the quoted price, in satoshi, rounded down.
    const [whole, fraction = ""] = quote.price.split(".");
    const priceScaled = BigInt(whole! + fraction);
    expect(gross).toBe((10_000n * 10n ** 8n * 10n ** BigInt(fraction.length)) / (priceScaled * 100n));
    expect(quote.limits).toEqual({ min: { asset: "USD", value: "10.00" }, max: { asset: "USD", value: "5000.00" } });
  });

  it("asked in crypto, charges enough to credit at least that much; limits follow the currency", async () => {
    const { token } = await w.user();
    const res = await w.t.post("/user/swipelux/quote", { token, body: { asset: "ETH", currency: "AED", side: "crypto", amount: "0.05" } });
    const quote = (await bodyOf(res)).data as unknown as BuyQuote;
    expect(res.status).toBe(200);
    expect(units(quote.receive.value)).toBeGreaterThanOrEqual(5n * 10n ** 16n);
    expect(quote.limits.min).toEqual({ asset: "AED", value: "36.73" });
    expect(quote.limits.max).toEqual({ asset: "AED", value: "18362.50" });
  });

  it.each([
    ["zero", { amount: "0" }, "amount.notPositive"],
    ["a negative amount", { amount: "-5" }, "amount.invalid"],
    ["a number, not a string", { amount: 100 }, "field.notText"],
    ["an exponent", { amount: "1e3" }, "amount.invalid"],
    ["a comma that may be a decimal separator", { amount: "1,5" }, "amount.invalid"],
    ["two minuses", { amount: "--1" }, "amount.invalid"],
    ["two dots", { amount: "1.2.3" }, "amount.invalid"],
    ["letters", { amount: "abc" }, "amount.invalid"],
    ["a currency sign alone", { amount: "$" }, "amount.invalid"],
    ["cents beyond two places", { amount: "100.001" }, "amount.tooManyDecimals"],
    ["crypto beyond the asset's places", { side: "crypto", amount: "0.000000001" }, "amount.tooManyDecimals"],
    ["below the minimum", { amount: "9.99" }, "amount.belowMinimum"],
    ["above the maximum", { amount: "5000.01" }, "amount.aboveMaximum"],
  ])("refuses %s with a translated field error and creates nothing", async (_, change, key) => {
    const { token } = await w.user();
    const before = await count("onramp_orders");
    for (const lang of ["en", "ar"]) {
      const base: Record<string, unknown> = { asset: "BTC", currency: "USD", amount: "100" };
      const { res, body } = await w.buy(token, { ...base, ...change }, lang);
      expect(res.status).toBe(400);
      expect(body.data).toMatchObject({ reason: "validation", fieldKeys: { amount: key } });
      expect((body.data as { fields: Record<string, string> }).fields.amount).toMatch(lang === "ar" ? /[\u0600-\u06ff]/ : /[a-z]/);
    }
    expect(await count("onramp_orders")).toBe(before);
  });

  it.each([
    ["1,000.50", "fiat", "1000.50"],
    ["$1,000.50", "fiat", "1000.50"],
    ["١٬٠٠٠", "fiat", "1000"],
    ["100.", "fiat", "100"],
    [".5", "crypto", "0.5"],
  ])("quotes %j (%s) as it quotes %s", async (typed, side, plain) => {
    const { token } = await w.user();
    const ask = async (amount: string) => {
      const res = await w.t.post("/user/swipelux/quote", { token, body: { asset: "ETH", currency: "USD", side, amount } });
      return { status: res.status, body: await bodyOf(res) };
    };
    const [asTyped, asPlain] = [await ask(typed), await ask(plain)];
    expect(asTyped.status).toBe(200);
    expect(asTyped.body.data).toEqual(asPlain.body.data);
  });

  it("orders what was typed with grouping and a currency sign, charging the amount it means", async () => {
    const { token } = await w.user();
    expect((await w.ordered(token, { asset: "BTC", currency: "USD", amount: "$1,000.50" })).pay).toEqual({ asset: "USD", value: "1000.50" });
    expect((await w.ordered(token, { asset: "BTC", currency: "USD", amount: "١٬٠٠٠" })).pay).toEqual({ asset: "USD", value: "1000.00" });
  });

  it("refuses an unknown asset and an unknown currency", async () => {
    const { token } = await w.user();
    const unknown = await w.buy(token, { asset: "ZZZ", currency: "USD", amount: "100" });
    expect(unknown.res.status).toBe(400);
    expect(unknown.body.data).toMatchObject({ reason: "unknownSymbol" });
    const currency = await w.buy(token, { asset: "BTC", currency: "GBP", amount: "100" });
    expect(currency.body.data).toMatchObject({ fieldKeys: { currency: "currency.unknown" } });
  });
});

describe("a card buy through the sandbox", () => {
  it("with the success card: pending → processing → completed, credited once with the fee to the fees account", async () => {
    const { id, token } = await w.user();
    const order = await w.ordered(token);
    expect(order).toMatchObject({ status: "pending", type: "buy", asset: "BTC", pay: { asset: "USD", value: "100.00" } });
    expect(order.paymentUrl).toMatch(/^\/onramp\/sandbox\/pay\/[0-9a-f-]{36}\?lang=en$/);
    const page = await w.t.app.request(order.paymentUrl!);
    expect(await page.text()).toContain("4242 4242 4242 4242");

    const paid = await w.pay(order, SUCCESS);
    expect(paid.status).toBe(303);
    await w.run(STEP_MS);
    expect((await w.status(token, order.id)).body.data).toMatchObject({ status: "processing" });
    expect(await w.balance(id, "BTC")).toBe(0n);
    await w.run(3 * STEP_MS);

    const done = (await w.status(token, order.id)).body.data as unknown as BuyOrder;
    expect(done.status).toBe("completed");
    expect(done.paymentUrl).toBeNull();
    expect(done.timeline.map((entry) => entry.step)).toEqual(["created", "paid", "processing", "completed"]);
    expect(await w.balance(id, "BTC")).toBe(units(done.receive.value));
    const transfers = await rowsOf(sql`SELECT code, amount::text AS amount FROM ledger_transfers WHERE reference = ${order.id} ORDER BY code`);
    expect(transfers).toEqual([
      { code: "onramp.buy", amount: units(done.receive.value).toString() },
      { code: "onramp.fee", amount: units(done.fee.value).toString() },
    ]);
    expect(await w.ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  });

  it("with the declined card: failed, nothing credited", async () => {
    const { id, token } = await w.user();
    const order = await w.ordered(token);
    const paid = await w.pay(order, DECLINE);
    expect(paid.headers.get("Location")).toContain("notice=declined");
    await w.run(4 * STEP_MS);
    const after = (await w.status(token, order.id)).body.data as unknown as BuyOrder;
    expect(after.status).toBe("failed");
    expect(after.timeline.map((entry) => entry.step)).toEqual(["created", "failed"]);
    expect(await w.balance(id, "BTC")).toBe(0n);
    expect(await rowsOf(sql`SELECT 1 FROM ledger_transfers WHERE reference = ${order.id}`)).toHaveLength(0);
  });

  it("with the 3-D Secure card: completes when authenticated, fails when not", async () => {
    const { id, token } = await w.user();
    const yes = await w.ordered(token);
    const no = await w.ordered(token);
    for (const order of [yes, no]) expect((await w.pay(order, CHALLENGE)).status).toBe(303);
    expect(await (await w.t.app.request(yes.paymentUrl!)).text()).toContain("Complete authentication");
    await w.form(yes, "/authenticate", { approve: "yes" });
    await w.form(no, "/authenticate", { approve: "no" });
    await w.run(4 * STEP_MS);
    expect((await w.status(token, yes.id)).body.data).toMatchObject({ status: "completed" });
    expect((await w.status(token, no.id)).body.data).toMatchObject({ status: "failed" });
    expect(await w.balance(id, "BTC")).toBe(units(((await w.status(token, yes.id)).body.data as unknown as BuyOrder).receive.value));
  });

  it("cancelled on the payment page, or never paid (expired after 30 minutes): nothing credited", async () => {
    const { id, token, again } = await w.user();
    const cancelled = await w.ordered(token);
    const unpaid = await w.ordered(token);
    await w.form(cancelled, "/cancel", {});
    await w.run(STEP_MS);
    expect((await w.status(token, cancelled.id)).body.data).toMatchObject({ status: "cancelled" });
    clock.advance(30 * 60_000);
    await w.run(STEP_MS);
    const later = await again();
    expect((await w.status(later, unpaid.id)).body.data).toMatchObject({ status: "expired" });
    // A card entered after the end changes nothing.
    expect((await w.pay(unpaid, SUCCESS)).headers.get("Location")).toContain("notice=closed");
    await w.run(4 * STEP_MS);
    expect((await w.status(later, unpaid.id)).body.data).toMatchObject({ status: "expired" });
    expect(await w.balance(id, "BTC")).toBe(0n);
  });

  it("the payment page refuses a wrong card number, a past expiry and a bad CVC, naming each", async () => {
    const { token } = await w.user();
    const order = await w.ordered(token);
    const wrong = [
      [{ number: "4242 4242 4242 4241", expiry: "12/30", cvc: "123" }, "notice=number"],
      [{ number: SUCCESS, expiry: "01/20", cvc: "123" }, "notice=expiry"],
      [{ number: SUCCESS, expiry: "12/30", cvc: "12" }, "notice=cvc"],
    ] as const;
    for (const [fields, notice] of wrong) expect((await w.form(order, "", fields)).headers.get("Location")).toContain(notice);
    expect((await w.status(token, order.id)).body.data).toMatchObject({ status: "pending" });
  });

  it("in Arabic: the payment page is right-to-left with the amount left-to-right", async () => {
    const { token } = await w.user();
    const { body } = await w.buy(token, { asset: "BTC", currency: "USD", amount: "100" }, "ar");
    const order = body.data as unknown as BuyOrder;
    expect(order.paymentUrl).toMatch(/lang=ar$/);
    const html = await (await w.t.app.request(order.paymentUrl!)).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<bdi dir="ltr">100.00 USD</bdi>');
  });
});

describe("orders belong to their buyer and their key", () => {
  it("the same key answers the same order; another request under it is refused; parallel repeats make one", async () => {
    const { token } = await w.user();
    const body = { asset: "BTC", currency: "USD", amount: "150", idempotencyKey: "same-key-0001" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => w.buy(token, body)));
    const ids = new Set(answers.map(({ body: answer }) => (answer.data as { id: string }).id));
    expect(ids.size).toBe(1);
    const other = await w.buy(token, { ...body, amount: "151" });
    expect(other.res.status).toBe(409);
    expect(other.body.data).toMatchObject({ reason: "idempotencyConflict" });
  });

  it("another user's order is not found, nor is an id that is not one", async () => {
    const alice = await w.user();
    const bob = await w.user();
    const order = await w.ordered(alice.token);
    const theirs = await w.status(bob.token, order.id);
    expect(theirs.res.status).toBe(404);
    expect(theirs.body.data).toMatchObject({ reason: "orderNotFound" });
    const junk = await w.status(bob.token, "not-an-id");
    expect(junk.res.status).toBe(400);
  });
});
