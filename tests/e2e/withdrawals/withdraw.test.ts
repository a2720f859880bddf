// Withdrawals in real Chromium against the real server (npm start's code, the embedded network
// simulator, the dev mailbox): a funded user adds an address, confirms it from the link in the dev
// mailbox, the withdrawals' clock is moved past the cooling-off (POST /dev/withdrawals/clock), and a
// withdrawal confirmed with the e-mailed code completes and the balance falls. The page is then seen
// in Arabic at phone width, right to left with the address and amounts left to right.
import { rmSync } from "node:fs";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { kycApplications } from "../../../server/modules/kyc/schema.ts";
import { setupBrowser } from "../browser.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const EMAIL = "withdrawer@sarraf.test";
let server: RunningServer;
let dataDir: string;
let token: string;
let userId: string;

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-withdraw-");
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: EMAIL, fullName: "Withdrawing Trader", emailVerifiedAt: new Date() });
  userId = user.id;
  token = (await createSession(database.db, user.id)).token;
  // Withdrawals need a verified identity: this user's was approved before (tests/e2e/kyc shows how).
  const now = new Date();
  await database.db.insert(kycApplications).values({
    userId: user.id,
    status: "approved",
    firstName: "Withdrawing",
    lastName: "Trader",
    dateOfBirth: "1990-01-01",
    country: "AE",
    addressLine: "1 Marina Walk",
    city: "Dubai",
    postalCode: "00000",
    documentType: "passport",
    documentNumber: "P1234567",
    frontFileId: "seeded",
    selfieFileId: "seeded",
    provider: "sandbox",
    submittedAt: now,
    reviewedAt: now,
  });
  await database.close();
  server = await startServer(dataDir, {});
  await post("/dev/ledger/transfer", { key: "e2e-fund-btc", debit: { house: "treasury" }, credit: { user: userId }, asset: "BTC", amount: "10000000" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const b = setupBrowser({ baseURL: () => server.baseURL });

async function post(path: string, body: unknown, auth = false) {
  const response = await fetch(`${server.baseURL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The newest message to the user in the dev mailbox (read in another tab, as a developer would). */
async function newestMail(context: BrowserContext, match: RegExp): Promise<RegExpExecArray> {
  const mailbox = await context.newPage();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(EMAIL)}`);
      const text = (await mailbox.locator("article").count()) > 0 ? await mailbox.locator("article pre").first().innerText() : "";
      const found = match.exec(text);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no message matching ${match}:\n${text}`);
      await mailbox.waitForTimeout(200);
    }
  } finally {
    await mailbox.close();
  }
}

describe("a withdrawal end to end", () => {
  it("adds an address, confirms it by e-mail, waits out the cooling-off, withdraws with the code, and sees it complete", async () => {
    const { page, context, errors } = await b.openPage("/withdrawals", { token });
    await page.getByLabel("Name").fill("Cold wallet");
    await page.getByLabel("Address", { exact: true }).fill(ADDRESS);
    await page.getByRole("button", { name: "Add address" }).click();
    const row = page.getByTestId("address");
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("Waiting for your confirmation by e-mail");

    const [link] = await newestMail(context, /http\S+\/withdraw-links\/address\?token=[\w-]+/);
    const confirmPage = await context.newPage();
    await confirmPage.goto(link);
    await confirmPage.getByRole("button", { name: "Confirm this address" }).click();
    await confirmPage.getByRole("status").waitFor();
    expect(await confirmPage.getByRole("status").innerText()).toContain("The address is confirmed");
    await confirmPage.close();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/Cooling off \(usable in 2[34] h \d+ min\)/);

    await post("/dev/withdrawals/clock", { hours: 24 });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("Ready to use");

    await page.getByLabel("To address").selectOption({ label: "Cold wallet · BTC" });
    await page.getByLabel("Amount in BTC").fill("0.05");
    await page.getByRole("button", { name: "Review fee" }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId("receive")
            .innerText()
            .catch(() => ""),
        { timeout: 15_000 },
      )
      .toBe("0.0498 BTC");
    await page.getByRole("button", { name: "Send me the code" }).click();
    const [, code] = await newestMail(context, /Your code is (\d{6})/);
    await page.getByLabel("Code from the e-mail").fill(code!);
    await page.getByRole("button", { name: "Confirm withdrawal" }).click();
    await page.getByText("is on its way").waitFor({ timeout: 15_000 });

    const item = page.getByTestId("withdrawal").first();
    await expect.poll(() => item.innerText(), { timeout: 60_000 }).toContain("Completed");
    expect(await item.innerText()).toMatch(/Network id: [0-9a-f]{10}…[0-9a-f]{6}/);
    const list = await post("/api/v1/withdraw/list", {}, true);
    expect(list.data!.available).toEqual([{ asset: "BTC", value: "0.05000000" }]);
    const history = await post("/api/v1/user/transactions-history", { type: "withdrawal" }, true);
    expect(history.data!.items[0]).toMatchObject({ status: "completed", amount: { asset: "BTC", value: "0.05000000" } });
    expect(errors).toEqual([]);
  });

  it("in Arabic at phone width: right to left, the address and amounts left to right", async () => {
    const { page, errors } = await b.openPage("/withdrawals", { token, lang: "ar", viewport: "phone" });
    const row = page.getByTestId("address");
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("جاهز للاستخدام");
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await row.locator("bdi.withdraw-address-text").getAttribute("dir")).toBe("ltr");
    expect(await page.getByTestId("withdrawal").first().innerText()).toContain("مكتمل");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});
