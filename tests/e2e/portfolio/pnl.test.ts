// Profit and loss in real Chromium against the real server: a user whose ledger holds a buy of BTC
// from cash and a partial sell (written in the trading desk's shape before the server starts) sees
// the portfolio's figures on a FIFO basis, switches to average cost, opens the report, downloads
// the CSV and gets the print view; the report once in Arabic at phone width.
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { setupBrowser } from "../browser.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-pnl-");
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: "pnl@sarraf.test", fullName: "P&L Trader", emailVerifiedAt: new Date() });
  token = (await createSession(database.db, user.id)).token;
  const ledger = createLedger(database.db);
  const account = (asset: string) => ledger.userAccount(user.id, asset);
  const house = (code: "treasury" | "inventory" | "fees", asset: string) => ledger.houseAccount(code, asset);
  await ledger.transfer({
    key: "e2e:cash",
    debit: await house("treasury", "USD"),
    credit: await account("USD"),
    asset: "USD",
    amount: 1_000_000n,
    code: "test.give",
  });
  // Buy 0.1 BTC for 5000.00 USD (fee 0.0005 BTC kept by the house), then sell 0.04 BTC for 2400.00 less a 6.00 fee.
  const leg = async (quote: string, key: string, from: string, to: string, asset: string, amount: bigint) => ({
    key: `trade:${quote}:${key}`,
    debit: from === "user" ? await account(asset) : await house(from as "inventory", asset),
    credit: to === "user" ? await account(asset) : await house(to as "inventory" | "fees", asset),
    asset,
    amount,
    code: `trade.${key}`,
    reference: quote,
  });
  const buy = crypto.randomUUID();
  await ledger.transfer([
    await leg(buy, "pay", "user", "inventory", "USD", 500_000n),
    await leg(buy, "receive", "inventory", "user", "BTC", 10_000_000n),
    await leg(buy, "fee", "inventory", "fees", "BTC", 50_000n),
  ]);
  const sell = crypto.randomUUID();
  await ledger.transfer([
    await leg(sell, "pay", "user", "inventory", "BTC", 4_000_000n),
    await leg(sell, "receive", "inventory", "user", "USD", 239_400n),
    await leg(sell, "fee", "inventory", "fees", "USD", 600n),
  ]);
  await database.close();
  server = await startServer(dataDir);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const b = setupBrowser({ baseURL: () => server.baseURL });

describe("profit and loss in the browser", () => {
  it("shows FIFO figures, switches to average cost, and downloads the report's CSV and prints it", async () => {
    const { page, errors } = await b.openPage("/portfolio", { token });
    await page.getByTestId("pnl-method").filter({ hasText: "FIFO" }).waitFor();
    const btc = page.getByRole("table", { name: /Profit and loss, cost basis FIFO/ }).getByRole("row", { name: /Bitcoin/ });
    // 0.06 BTC left of 0.1 bought for 5000.00: 3000.00 of basis; the sale realised 2394.00 − 2000.00.
    await expect.poll(() => btc.textContent()).toContain("$3,000.00");
    expect(await btc.textContent()).toContain("$394.00");
    // The value over time: the chart drawn, and its words for those who cannot see it.
    await page.locator(".value-chart[data-chart=drawn]").waitFor();
    await page.getByText("Daily values").waitFor();
    await page.screenshot({ path: join(tmpdir(), "sarraf-pnl-portfolio.png"), fullPage: true });
    await page.getByRole("radio", { name: "Average cost" }).check();
    await page.getByTestId("pnl-method").filter({ hasText: "Average cost" }).waitFor();

    await page.getByRole("link", { name: "Buy/sell report" }).click();
    const table = page.getByRole("table", { name: /By asset in USD, cost basis Average cost/ });
    await table.waitFor();
    expect(await table.getByRole("row", { name: /BTC/ }).textContent()).toContain("$394.00");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const download = await downloading;
    const csv = readFileSync((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,time,kind,out_asset,out_amount,in_asset,in_amount,currency,unit_price,value,fee_asset,fee_amount,fee_value,cost_basis,realised,quote_id",
    );
    expect(lines.map((line) => line.split(",")[2])).toEqual(["kind", "deposit", "buy", "sell", "average"]);
    expect(lines.at(-1)).toMatch(/,394\.00,Sarraf \d+\.\d+\.\d+$/);
    expect(download.suggestedFilename()).toMatch(/^sarraf-buy-sell-report-start-to-\d{4}-\d{2}-\d{2}-USD-average\.csv$/);

    // The print view is the report alone.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".sidebar").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Download CSV" }).isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    await page.screenshot({ path: join(tmpdir(), "sarraf-pnl-report-print.png"), fullPage: true });
    expect(errors).toEqual([]);
  });

  it("the report in Arabic at phone width: right to left, its period in the address", async () => {
    const { page, errors } = await b.openPage("/portfolio/report?from=2026-01-01", { token, lang: "ar", viewport: "phone" });
    await page.getByRole("button", { name: "تنزيل CSV" }).waitFor();
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("row", { name: /BTC/ }).first().waitFor();
    // The period's days as the Arabic page writes them (not the browser's mm/dd/yyyy), typed left to right.
    const from = page.getByRole("textbox", { name: "من" });
    expect(await from.inputValue()).toBe("01/01/2026");
    expect(await from.getAttribute("dir")).toBe("ltr");
    const to = page.getByRole("textbox", { name: "إلى" });
    await to.fill("٣١/١٢/٢٠٢٦");
    await expect.poll(() => page.url()).toContain("from=2026-01-01&to=2026-12-31");
    await to.press("Enter");
    expect(await to.inputValue()).toBe("31/12/2026");
    await page.getByRole("row", { name: /BTC/ }).first().waitFor();
    await page.screenshot({ path: join(tmpdir(), "sarraf-pnl-report-ar-phone.png"), fullPage: true });
    await page.goto("/portfolio");
    await page.getByTestId("pnl-totals").waitFor();
    await page.getByText("القيم اليومية").waitFor();
    await page.screenshot({ path: join(tmpdir(), "sarraf-pnl-portfolio-ar-phone.png"), fullPage: true });
    expect(errors).toEqual([]);
  });
});
