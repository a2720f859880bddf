// Withdrawals in real Chromium against the real server (npm start's code, the embedded network
// simulator, the dev mailbox): a funded user adds an address, confirms it from the link in the dev
// mailbox, the withdrawals' clock is moved past the cooling-off (POST /dev/withdrawals/clock), and a
// withdrawal confirmed with the e-mailed code completes and the balance falls. The whole journey
// runs twice: in English at desktop width, and in Arabic at phone width (right to left, the
// address and amounts left to right, the e-mails and the link's page in Arabic too).
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { kycApplications } from "../../../server/modules/kyc/schema.ts";
import { setupBrowser, type Viewport } from "../browser.ts";
import { newestMail } from "../mailbox.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
type Lang = "en" | "ar";
const traders: Record<Lang, { email: string; token: string; id: string }> = {
  en: { email: "withdrawer@sarraf.test", token: "", id: "" },
  ar: { email: "withdrawer-ar@sarraf.test", token: "", id: "" },
};
let server: RunningServer;
let dataDir: string;

/** A user whose identity was verified before (an approved KYC row: tests/e2e/kyc shows how one is made). */
async function verifiedTrader(database: Database, lang: Lang) {
  const user = await createUser(database.db, { email: traders[lang].email, fullName: "Withdrawing Trader", emailVerifiedAt: new Date(), locale: lang });
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
  traders[lang] = { ...traders[lang], id: user.id, token: (await createSession(database.db, user.id)).token };
}

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-withdraw-");
  const database = await openDatabase({ dataDir });
  for (const lang of ["en", "ar"] as const) await verifiedTrader(database, lang);
  await database.close();
  server = await startServer(dataDir, {});
  for (const lang of ["en", "ar"] as const)
    await post("/dev/ledger/transfer", {
      key: `e2e-fund-btc-${lang}`,
      debit: { house: "treasury" },
      credit: { user: traders[lang].id },
      asset: "BTC",
      amount: "10000000",
    });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const b = setupBrowser({ baseURL: () => server.baseURL });

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.baseURL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const words = {
  en: {
    name: "Name",
    address: "Address",
    add: "Add address",
    waiting: "Waiting for your confirmation by e-mail",
    confirmAddress: "Confirm this address",
    confirmed: "The address is confirmed",
    coolingOff: /Cooling off \(usable in 2[34] h \d+ min\)/,
    ready: "Ready to use",
    to: "To address",
    amount: "Amount in BTC",
    available: (value: string) => `Available: ${value} BTC`,
    review: "Review fee",
    sendCode: "Send me the code",
    code: /Your code is (\d{6})/,
    codeLabel: "Code from the e-mail",
    confirm: "Confirm withdrawal",
    onItsWay: "is on its way",
    again: "New withdrawal",
    completed: "Completed",
    networkId: /Network id: [0-9a-f]{10}…[0-9a-f]{6}/,
  },
  ar: {
    name: "الاسم",
    address: "العنوان",
    add: "إضافة العنوان",
    waiting: "بانتظار تأكيدك عبر البريد الإلكتروني",
    confirmAddress: "تأكيد هذا العنوان",
    confirmed: "تم تأكيد العنوان",
    coolingOff: /فترة التهدئة \(قابل للاستخدام بعد 2[34] س \d+ د\)/,
    ready: "جاهز للاستخدام",
    to: "إلى العنوان",
    amount: "المبلغ بعملة BTC",
    available: (value: string) => `المتاح: ${value} BTC`,
    review: "مراجعة الرسوم",
    sendCode: "أرسل لي الرمز",
    code: /رمزك هو\s*\u200e?(\d{6})/,
    codeLabel: "الرمز من البريد الإلكتروني",
    confirm: "تأكيد السحب",
    onItsWay: "في الطريق",
    again: "سحب جديد",
    completed: "مكتمل",
    networkId: /معرّف الشبكة: [0-9a-f]{10}…[0-9a-f]{6}/,
  },
} as const;

/** The form's "Available" line for the address chosen, once the list has been asked again. */
async function availableReads(page: Page, lang: Lang, value: string) {
  await expect
    .poll(() => page.locator("form", { has: page.getByLabel(words[lang].amount) }).innerText(), { timeout: 15_000 })
    .toContain(words[lang].available(value));
}

/** The journey, start to end, in one language at one width. */
async function journey(lang: Lang, viewport: Viewport) {
  const w = words[lang];
  const { email, token } = traders[lang];
  // The browser's own language too: the e-mailed link's page answers in it (Accept-Language).
  const { page, context, errors } = await b.openPage("/withdrawals", { token, lang, viewport, locale: lang });
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
  await page.getByLabel(w.name, { exact: true }).fill("Cold wallet");
  await page.getByLabel(w.address, { exact: true }).fill(ADDRESS);
  await page.getByRole("button", { name: w.add }).click();
  const row = page.getByTestId("address");
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(w.waiting);
  expect(await row.locator("bdi.withdraw-address-text").getAttribute("dir")).toBe("ltr");

  const [link] = await newestMail(context, email, /http\S+\/withdraw-links\/address\?token=[\w-]+/, lang);
  const confirmPage = await context.newPage();
  await confirmPage.goto(link);
  expect(await confirmPage.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
  await confirmPage.getByRole("button", { name: w.confirmAddress }).click();
  await confirmPage.getByRole("status").waitFor();
  expect(await confirmPage.getByRole("status").innerText()).toContain(w.confirmed);
  await confirmPage.close();
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(w.coolingOff);

  await post("/dev/withdrawals/clock", { hours: 24 });
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(w.ready);

  await page.getByLabel(w.to).selectOption({ label: "Cold wallet · BTC" });
  await availableReads(page, lang, "0.10");
  await page.getByLabel(w.amount).fill("0.05");
  await page.getByRole("button", { name: w.review }).click();
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
  await page.getByRole("button", { name: w.sendCode }).click();
  const [, code] = await newestMail(context, email, w.code, lang);
  await page.getByLabel(w.codeLabel).fill(code!);
  await page.getByRole("button", { name: w.confirm }).click();
  await page.getByText(w.onItsWay).waitFor({ timeout: 15_000 });

  const item = page.getByTestId("withdrawal").first();
  await expect.poll(() => item.innerText(), { timeout: 60_000 }).toContain(w.completed);
  expect(await item.innerText()).toMatch(w.networkId);
  // The balance fell by the amount sent, on the page as in the API.
  await page.getByRole("button", { name: w.again }).click();
  await page.getByLabel(w.to).selectOption({ label: "Cold wallet · BTC" });
  await availableReads(page, lang, "0.05");
  const list = await post("/api/v1/withdraw/list", {}, token);
  expect(list.data!.available).toEqual([{ asset: "BTC", value: "0.05000000" }]);
  const history = await post("/api/v1/user/transactions-history", { type: "withdrawal" }, token);
  expect(history.data!.items[0]).toMatchObject({ status: "completed", amount: { asset: "BTC", value: "0.05000000" } });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport === "phone" ? 390 : 1280);
  expect(errors).toEqual([]);
}

describe("a withdrawal end to end: an address confirmed by e-mail, the cooling-off waited out, the code entered, completed", { timeout: 180_000 }, () => {
  it("in English at desktop width", async () => {
    await journey("en", "desktop");
  });

  it("in Arabic at phone width: right to left, the address and amounts left to right", async () => {
    await journey("ar", "phone");
  });
});
