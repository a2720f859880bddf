// Buying crypto by card in real Chromium against the real server and its sandbox on-ramp (its own
// server, so the sandbox's steps can be slow enough to reload in the middle of one): sign up, buy
// 100 USD of BTC with the success card on the payment page, see it completed, in the portfolio and
// in the history with its timeline; a declined card credits nothing; a reload while processing
// resumes the order; and the whole journey in Arabic at phone width.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { appStarted, setupBrowser, type Viewport } from "../browser.ts";
import { readCode } from "../mailbox.ts";
import { signUp } from "../auth/signup-helper.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
const tokens: string[] = [];

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-buy-");
  const database = await openDatabase({ dataDir });
  for (let i = 0; i < 2; i++) {
    const user = await createUser(database.db, { email: `buyer-${i}@sarraf.test`, fullName: "Card Buyer", emailVerifiedAt: new Date() });
    tokens.push((await createSession(database.db, user.id)).token);
  }
  await database.close();
  // Each sandbox step takes 1.5 s: long enough to reload the page while the order is processing.
  server = await startServer(dataDir, { ONRAMP_SANDBOX_STEP_MS: "1500" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const words = {
  en: {
    pay: "Pay by card",
    signup: { name: "Full name", email: "E-mail", password: "Password", submit: "Create account" },
    code: "6-digit code",
    verify: "Verify and continue",
  },
  ar: {
    pay: "الدفع بالبطاقة",
    signup: { name: "الاسم الكامل", email: "البريد الإلكتروني", password: "كلمة المرور", submit: "إنشاء حساب" },
    code: "رمز من 6 أرقام",
    verify: "تأكيد ومتابعة",
  },
} as const;

const b = setupBrowser({ baseURL: () => server.baseURL });
const newContext = (lang: "en" | "ar", viewport: Viewport, token: string | null) => b.newPage({ lang, viewport, token });

/** On the Buy page: types the amount, waits for the quote, presses Pay, and pays in the popup with a card. */
async function buyWithCard(context: BrowserContext, page: Page, lang: "en" | "ar", card: string) {
  await page.goto("/buy?symbol=BTC&curr=USD");
  await appStarted(page);
  await page.locator("input[inputmode=decimal]").fill("100");
  const pay = page.getByRole("button", { name: words[lang].pay });
  await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
  const popupOpened = context.waitForEvent("page");
  await pay.click();
  const popup = await popupOpened;
  await popup.locator("#number").waitFor();
  expect(await popup.locator("html").getAttribute("lang")).toBe(lang);
  expect(await popup.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
  await popup.locator("#number").fill(card);
  await popup.locator("#expiry").fill("12/30");
  await popup.locator("#cvc").fill("123");
  await popup.locator("form button.primary").first().click();
  await popup.waitForLoadState();
  return popup;
}

/** Text as read, without the invisible marks that isolate a left-to-right amount. */
const plain = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, "").trim();

const panel = (page: Page, status: string) => page.locator(`section.order-panel.order-${status}`);

/** The BTC row of the portfolio: its available amount. */
async function availableBtc(page: Page): Promise<string | null> {
  await page.goto("/portfolio");
  await appStarted(page);
  const row = page.locator('tr[data-symbol="BTC"]');
  await row
    .or(page.getByRole("link", { name: /Buy|شراء|اشترِ/ }).first())
    .first()
    .waitFor();
  if ((await row.count()) === 0) return null;
  // The asset is the row's header; the first cell is what is available.
  return plain(await row.locator("td").first().innerText());
}

describe("buying by card", () => {
  it("signs up, buys 100 USD of BTC with the success card, and sees it completed, held and in the history with its timeline", async () => {
    const { context, page, errors } = await newContext("en", "desktop", null);
    const email = `buyer-${randomBytes(4).toString("hex")}@sarraf.test`;
    await page.goto("/signup");
    await appStarted(page);
    await signUp(page, words.en.signup, { name: "Card Buyer", email, password: "a long card buyer passphrase" });
    await page.getByLabel(words.en.code).fill(await readCode(context, email));
    await page.getByRole("button", { name: words.en.verify }).click();
    await page.waitForURL("**/dashboard");

    await buyWithCard(context, page, "en", "4242 4242 4242 4242");
    await panel(page, "completed").waitFor({ timeout: 30_000 });
    const credited = plain(await panel(page, "completed").locator("dd .money").nth(1).innerText());
    expect(credited).toMatch(/^0\.\d{8} BTC$/);

    expect(await availableBtc(page)).toBe(credited);
    await page.goto("/history");
    await appStarted(page);
    const item = page.locator("li.history-item");
    await expect.poll(() => item.count()).toBe(1);
    await item.locator("button.history-row").click();
    const timeline = await item.locator(".history-details").innerText();
    for (const step of ["Order created", "Card payment received", "Buying your crypto", "Credited to your balance"]) expect(timeline).toContain(step);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a declined card ends in failed with nothing credited", async () => {
    const { context, page } = await newContext("en", "desktop", tokens[0]!);
    await buyWithCard(context, page, "en", "4000 0000 0000 0002");
    await panel(page, "failed").waitFor({ timeout: 30_000 });
    expect(await panel(page, "failed").innerText()).toContain("declined");
    expect(await availableBtc(page)).toBeNull();
    await context.close();
  });

  it("a reload while the order is processing resumes watching it to the end", async () => {
    const { context, page } = await newContext("en", "desktop", tokens[1]!);
    const popup = await buyWithCard(context, page, "en", "4242 4242 4242 4242");
    await popup.close();
    await panel(page, "processing").waitFor({ timeout: 15_000 });
    await page.reload();
    await appStarted(page);
    await panel(page, "processing").or(panel(page, "completed")).first().waitFor({ timeout: 30_000 });
    await panel(page, "completed").waitFor({ timeout: 30_000 });
    expect(await availableBtc(page)).toMatch(/^0\.\d{8} BTC$/);
    await context.close();
  });

  it("the whole journey in Arabic at phone width, right to left with amounts left to right", async () => {
    const { context, page, errors } = await newContext("ar", "phone", null);
    const email = `arabic-buyer-${randomBytes(4).toString("hex")}@sarraf.test`;
    await page.goto("/signup");
    await appStarted(page);
    await signUp(page, words.ar.signup, { name: "ليلى حداد", email, password: "نحاس وإبريق وشروق" });
    await page.getByLabel(words.ar.code).fill(await readCode(context, email, "ar"));
    await page.getByRole("button", { name: words.ar.verify }).click();
    await page.waitForURL("**/dashboard");

    await buyWithCard(context, page, "ar", "4242 4242 4242 4242");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await panel(page, "completed").waitFor({ timeout: 30_000 });
    const amount = panel(page, "completed").locator("dd bdi[dir=ltr]").nth(1);
    expect(plain(await amount.innerText())).toMatch(/^0\.\d{8} BTC$/);
    // Nothing sticks out sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    expect(await availableBtc(page)).toMatch(/^0\.\d{8} BTC$/);
    await page.goto("/history");
    await appStarted(page);
    await page.locator("li.history-item").first().waitFor();
    expect(await page.locator("li.history-item").count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
