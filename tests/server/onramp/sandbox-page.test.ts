// The sandbox's payment page says what the app says (issue 24 item 16): what the buyer receives
// after the fee, and the fee — not the amount before the fee under another name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, type OnrampWorld } from "./world.ts";

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock);
});
afterAll(async () => {
  w.stop();
  await database.close();
});

describe("the sandbox payment page", () => {
  it.each([
    ["en", "You receive", "Fee"],
    ["ar", "تستلم", "الرسوم"],
  ] as const)("names what the buyer receives and the fee, as the app does (%s)", async (lang, receive, fee) => {
    const { token } = await w.user();
    const order = await w.ordered(token, { asset: "BTC", currency: "USD", amount: "25" });
    const page = await (await w.t.app.request(order.paymentUrl!.replace(/lang=\w+/, `lang=${lang}`))).text();
    expect(page).toContain(`${receive} <bdi dir="ltr">${order.receive.value} BTC</bdi>`);
    expect(page).toContain(`${fee} <bdi dir="ltr">${order.fee.value} BTC</bdi>`);
    // Figures with all the asset's places, as the app writes them (0.00033770, not 0.0003377), and
    // the amount before the fee is not shown as if it were received.
    const gross = (BigInt(order.receive.value.replace(".", "")) + BigInt(order.fee.value.replace(".", ""))).toString();
    expect(page).not.toContain(`0.${gross.padStart(8, "0")}`);
  });
});
