// The exchange ticket in real Chromium against the real server (its house inventory seeded in
// development): a new user buys BTC with the sandbox card, converts part of it to ETH, sells part of
// the ETH for USD, buys SOL from that cash, and finds all four in the history, the portfolio's profit
// and loss and the report's CSV — in English on a desktop and in Arabic on a phone; and a quote whose
// refresh gets no answer runs out on Playwright's clock, shows expired and requotes in one tap.
import { readFileSync, rmSync } from "node:fs";
import type { BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { appStarted, setupBrowser } from "../browser.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
const tokens: string[] = [];

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-exchange-");
  const database = await openDatabase({ dataDir });
  for (let i = 0; i < 3; i++) {
    const user = await createUser(database.db, { email: `trader-${i}@sarraf.test`, fullName: "New Trader", emailVerifiedAt: new Date() });
    tokens.push((await createSession(database.db, user.id)).token);
  }
  await database.close();
  server = await startServer(dataDir, { ONRAMP_SANDBOX_STEP_MS: "200" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const b = setupBrowser({ baseURL: () => server.baseURL });

/** Text as read, without the invisible marks that isolate a left-to-right amount. */
const plain = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, "").trim();

/** A card buy of `usd` USD of BTC with the sandbox's success card, to its completed status. */
async function buyBtcByCard(context: BrowserContext, page: Page, usd: string, pay = "Pay by card") {
  await page.goto("/buy?symbol=BTC&curr=USD");
  await appStarted(page);
  await page.locator("input[inputmode=decimal]").fill(usd);
  const button = page.getByRole("button", { name: pay });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  const popupOpened = context.waitForEvent("page");
  await button.click();
  const popup = await popupOpened;
  await popup.locator("#number").fill("4242 4242 4242 4242");
  await popup.locator("#expiry").fill("12/30");
  await popup.locator("#cvc").fill("123");
  await popup.locator("form button.primary").first().click();
  await page.locator("section.order-panel.order-completed").waitFor({ timeout: 30_000 });
}

/** On the exchange at `path`: types `amount` as what is paid, waits for the quote, confirms, and reads the receipt's heading. */
async function trade(page: Page, path: string, amount: string, confirm: string | RegExp) {
  await page.goto(path);
  await appStarted(page);
  const field = page.locator('input[name="amount-from"]');
  // The balance arrives first (the field's hint), so the form can judge the amount against it.
  await expect.poll(() => field.getAttribute("aria-describedby"), { timeout: 15_000 }).toBeTruthy();
  await field.fill(amount);
  const button = page.getByRole("button", { name: confirm });
  // What the ticket says, should the quote not come.
  const card = () =>
    page
      .locator(".trade-card")
      .innerText()
      .catch(() => "no ticket");
  await expect.poll(async () => ((await button.isEnabled().catch(() => false)) ? "quoted" : await card()), { timeout: 15_000 }).toBe("quoted");
  const figures = plain(await page.locator(".trade-quote dl").innerText());
  await button.click();
  const heading = page.locator("#trade-receipt-title");
  await heading.waitFor({ timeout: 15_000 });
  // Focus moves to the receipt's heading.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("trade-receipt-title");
  const receipt = plain(await page.locator(".trade-receipt dl").innerText());
  return { heading: plain(await heading.innerText()), figures, receipt };
}

/** One journey's words, in the language it runs in. */
interface Journey {
  lang: "en" | "ar";
  viewport: "desktop" | "phone";
  token: () => string;
  payByCard: string;
  confirmConvert: string;
  converted: RegExp;
  executedAsQuoted: string;
  confirmSell: string;
  sold: RegExp;
  confirmBuy: string;
  bought: RegExp;
  historyLink: string;
  kinds: string[];
  pnlTable: RegExp;
  reportLink: string;
  downloadCsv: string;
}

const journeys: Journey[] = [
  {
    lang: "en",
    viewport: "desktop",
    token: () => tokens[0]!,
    payByCard: "Pay by card",
    confirmConvert: "Confirm: convert BTC to ETH",
    converted: /^Converted into (0\.\d+) ETH$/,
    executedAsQuoted: "Executed exactly as quoted.",
    confirmSell: "Confirm: sell ETH",
    sold: /^Sold for \$(\d+\.\d{2})$/,
    confirmBuy: "Confirm: buy SOL",
    bought: /^Bought 0\.\d+ SOL$/,
    historyLink: "See it in your history",
    kinds: ["Sell", "Convert"],
    pnlTable: /Profit and loss, cost basis FIFO/,
    reportLink: "Buy/sell report",
    downloadCsv: "Download CSV",
  },
  {
    lang: "ar",
    viewport: "phone",
    token: () => tokens[2]!,
    payByCard: "الدفع بالبطاقة",
    confirmConvert: "تأكيد: تحويل BTC إلى ETH",
    converted: /^تم التحويل إلى (0\.\d+) ETH$/,
    executedAsQuoted: "نُفِّذ تمامًا كما عُرض.",
    confirmSell: "تأكيد: بيع ETH",
    sold: /^تم البيع مقابل \$(\d+\.\d{2})$/,
    confirmBuy: "تأكيد: شراء SOL",
    bought: /^تم شراء 0\.\d+ SOL$/,
    historyLink: "اعرضها في سجلّك",
    kinds: ["بيع", "تحويل"],
    pnlTable: /الأرباح والخسائر، أساس التكلفة FIFO/,
    reportLink: "تقرير الشراء والبيع",
    downloadCsv: "تنزيل CSV",
  },
];

describe("trading on the exchange", () => {
  it.each(journeys.map((journey) => [`${journey.lang} at ${journey.viewport} width`, journey] as const))(
    "buys BTC by card, converts part to ETH, sells part of the ETH, buys SOL from the cash, then finds all four in the history, the portfolio's P&L and the report's CSV (%s)",
    async (_name, journey) => {
      const { context, page, errors } = await b.newPage({ lang: journey.lang, viewport: journey.viewport, token: journey.token() });
      await buyBtcByCard(context, page, "100", journey.payByCard);

      const convert = await trade(page, "/exchange?curr=USD&symbol=BTC&side=convert&to=ETH", "0.0005", journey.confirmConvert);
      const ethReceived = convert.heading.match(journey.converted)?.[1];
      expect(ethReceived, convert.heading).toBeDefined();
      // Quoted and executed are the same figures, to the last decimal.
      expect(await page.getByText(journey.executedAsQuoted).count()).toBe(1);

      const ethToSell = (Number(ethReceived) / 2).toFixed(6);
      const sell = await trade(page, "/exchange?curr=USD&symbol=ETH&side=sell", ethToSell, journey.confirmSell);
      const cash = sell.heading.match(journey.sold)?.[1];
      expect(cash, sell.heading).toBeDefined();

      const spend = (Math.floor(Number(cash) * 50) / 100).toFixed(2);
      const buy = await trade(page, "/exchange?curr=USD&symbol=SOL", spend, journey.confirmBuy);
      expect(buy.heading).toMatch(journey.bought);
      expect(buy.receipt).toContain(`$${spend}`);
      if (journey.lang === "ar") {
        expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
        // The amount in the receipt's heading reads left to right inside the Arabic sentence.
        expect(await page.locator("#trade-receipt-title bdi").getAttribute("dir")).toBe("ltr");
      }

      await page.getByRole("link", { name: journey.historyLink }).click();
      await page.waitForURL(/\/history\?asset=SOL/);
      await page.goto("/history");
      await appStarted(page);
      const items = page.locator("li.history-item");
      await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(4);
      const types = plain((await page.locator(".history-type").allInnerTexts()).join(" | "));
      for (const kind of journey.kinds) expect(types).toContain(kind);

      // The portfolio: every coin bought, sold or converted into has its profit and loss.
      await page.goto("/portfolio");
      await appStarted(page);
      const pnl = page.getByRole("table", { name: journey.pnlTable });
      for (const coin of ["BTC", "ETH", "SOL"]) await pnl.locator(`tr[data-symbol="${coin}"]`).waitFor({ timeout: 15_000 });

      // The report's CSV holds the four trades, each of its kind.
      await page.getByRole("link", { name: journey.reportLink }).click();
      const downloadButton = page.getByRole("button", { name: journey.downloadCsv });
      await downloadButton.waitFor();
      const downloading = page.waitForEvent("download");
      await downloadButton.click();
      const csv = readFileSync((await (await downloading).path())!, "utf8");
      const kinds = csv
        .trimEnd()
        .split("\r\n")
        .slice(1, -1)
        .map((line) => line.split(",")[2]);
      expect(kinds).toEqual(["cardBuy", "convert", "sell", "buy"]);
      // Nothing wider than a phone.
      if (journey.viewport === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("a quote whose refresh gets no answer runs out, shows expired, and requotes in one tap", async () => {
    const { context, page, errors } = await b.newPage({ lang: "en", viewport: "desktop", token: tokens[1]! });
    await page.clock.install();
    await page.goto("/exchange?curr=USD&symbol=BTC&side=sell");
    await appStarted(page);
    await page.locator('input[name="amount-to"]').fill("50");
    const confirm = page.getByRole("button", { name: "Confirm: sell BTC" });
    await page.locator(".trade-quote dl").waitFor({ timeout: 15_000 });
    expect(await confirm.isEnabled()).toBe(true);
    // From now on a quote request is held without an answer.
    const held: Route[] = [];
    await page.route("**/api/v1/user/trade/quote", (route) => void held.push(route));
    // With 3 s left the ticket asks for a fresh quote (held); confirming is no longer offered.
    await page.clock.runFor(12_000);
    await expect.poll(() => held.length).toBe(1);
    expect(await confirm.isEnabled()).toBe(false);
    await page.clock.runFor(3_000);
    await page.getByText("This quote expired, so nothing was traded.", { exact: false }).waitFor();
    expect(await confirm.isEnabled()).toBe(false);
    await page.unroute("**/api/v1/user/trade/quote");
    await Promise.all(held.map((route) => route.abort().catch(() => {})));
    await page.getByRole("button", { name: "Get a new quote" }).click();
    await expect.poll(() => confirm.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
