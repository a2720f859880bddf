// Unpaid card buys in real Chromium against the real server and its sandbox on-ramp (issue 24 items
// 13 and 14), at phone width in English and Arabic: a closed payment window is noticed; the Buy page
// of another asset offers the unpaid order instead of imposing it; cancelling it there cancels it at
// the provider, whose old payment page then refuses the card.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { appStarted, setupBrowser } from "../browser.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
const tokens: string[] = [];

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-cancel-");
  const database = await openDatabase({ dataDir });
  for (let i = 0; i < 2; i++) {
    const user = await createUser(database.db, { email: `canceller-${i}@sarraf.test`, fullName: "Card Buyer", emailVerifiedAt: new Date() });
    tokens.push((await createSession(database.db, user.id)).token);
  }
  await database.close();
  server = await startServer(dataDir);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const words = {
  en: {
    pay: "Pay by card",
    closed: /You closed the payment window/,
    offer: "You have an unpaid order",
    cancel: "Cancel that order",
    cancelledPage: "The payment was cancelled",
  },
  ar: {
    pay: "الدفع بالبطاقة",
    closed: /أغلقت نافذة الدفع/,
    offer: "لديك طلب لم يُدفع",
    cancel: "إلغاء ذلك الطلب",
    cancelledPage: "أُلغيت الدفعة",
  },
} as const;

const b = setupBrowser({ baseURL: () => server.baseURL });

describe("an unpaid card buy", () => {
  it.each([
    ["en", 0],
    ["ar", 1],
  ] as const)("is noticed when its window closes, offered (not imposed) on another asset's page, and cancelled there (%s, phone)", async (lang, user) => {
    const w = words[lang];
    const { context, page, errors } = await b.newPage({ lang, viewport: "phone", token: tokens[user]! });
    await page.goto("/buy?symbol=BTC&curr=USD");
    await appStarted(page);
    await page.locator("input[inputmode=decimal]").fill("25");
    const pay = page.getByRole("button", { name: w.pay });
    await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
    const popupOpened = context.waitForEvent("page");
    await pay.click();
    const popup = await popupOpened;
    await popup.locator("#number").waitFor();
    const paymentUrl = popup.url();
    // The payment page says what the app says: received after the fee, and the fee (item 16).
    const receive = (await page.locator(".order-figures").innerText()).match(/0\.\d+ BTC/)?.[0];
    expect(receive).toBeTruthy();
    expect(await popup.locator("body").innerText()).toContain(receive!);
    await popup.screenshot({ path: `/tmp/buyflow-sandbox-${lang}.png`, fullPage: true });
    await page.screenshot({ path: `/tmp/buyflow-pending-${lang}.png`, fullPage: true });

    // The buyer closes the payment window: the page notices and offers reopen or cancel.
    await popup.close();
    await page.getByText(w.closed).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `/tmp/buyflow-closed-${lang}.png`, fullPage: true });

    // "Buy ETH": the ETH form, with the BTC order offered beside it.
    await page.goto("/buy?symbol=ETH&curr=USD");
    await appStarted(page);
    const offer = page.getByRole("region", { name: w.offer });
    await offer.waitFor({ timeout: 15_000 });
    expect(await page.locator("select").first().inputValue()).toBe("ETH");
    expect(await offer.innerText()).toContain("BTC");
    await page.screenshot({ path: `/tmp/buyflow-offer-${lang}.png`, fullPage: true });
    // Nothing sticks out sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await offer.getByRole("button", { name: w.cancel }).click();
    await offer.waitFor({ state: "detached", timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem("sarraf.pendingBuy"))).toBeNull();
    await page.locator("input[inputmode=decimal]").fill("5");
    await page.locator("input[inputmode=decimal]").blur();
    await page.locator(".field-error").waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `/tmp/buyflow-form-error-${lang}.png`, fullPage: true });

    // The old payment page refuses the cancelled order.
    const old = await context.newPage();
    await old.goto(paymentUrl);
    expect(await old.locator("body").innerText()).toContain(w.cancelledPage);
    expect(await old.locator("#number").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
