// Identity verification in real Chromium against the real server and its sandbox reviewer (its own
// server, deciding 1 s after a submission): the form's translated errors, a submission approved by
// the sandbox, a "Retry" rejection then a successful resubmission — in English at desktop width and
// in Arabic at phone width. The photos go up through /file/add as real images.
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { appStarted, setupBrowser, type Viewport } from "../browser.ts";
import { png } from "../../server/files/images.ts";
import { migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer;
let dataDir: string;
const tokens: string[] = [];

beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-e2e-kyc-");
  const database = await openDatabase({ dataDir });
  for (let i = 0; i < 3; i++) {
    const user = await createUser(database.db, { email: `kyc-${i}@sarraf.test`, fullName: "Identity Tester", emailVerifiedAt: new Date() });
    tokens.push((await createSession(database.db, user.id)).token);
  }
  await database.close();
  server = await startServer(dataDir, { KYC_SANDBOX_REVIEW_SECONDS: "1" });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real PNG, a different size each time (sharp, as the files tests make theirs). */
const photo = (seed: number) => png(600 + seed * 10, 400);

const words = {
  en: {
    first: "First name",
    last: "Last name",
    birth: "Date of birth",
    country: "Country of residence",
    street: "Street address",
    city: "City",
    number: "Document number",
    send: "Send for review",
    nameRequired: "Enter your name.",
    underage: "You must be at least 18 years old to verify your identity.",
    photoRequired: "Add this photo.",
    pending: "Your documents are being reviewed",
    approved: "Your identity is verified",
    rejected: "We could not verify your identity",
    unreadable: /document photo could not be read/,
    retry: "Try again with new documents",
  },
  ar: {
    first: "الاسم الأول",
    last: "اسم العائلة",
    birth: "تاريخ الميلاد",
    country: "دولة الإقامة",
    street: "عنوان الشارع",
    city: "المدينة",
    number: "رقم الوثيقة",
    send: "أرسل للمراجعة",
    nameRequired: "أدخل اسمك.",
    underage: "يجب أن يكون عمرك 18 عامًا على الأقل للتحقق من هويتك.",
    photoRequired: "أضف هذه الصورة.",
    pending: "وثائقك قيد المراجعة",
    approved: "تم التحقق من هويتك",
    rejected: "تعذّر علينا التحقق من هويتك",
    unreadable: /تعذّرت قراءة صورة الوثيقة/,
    retry: "أعد المحاولة بوثائق جديدة",
  },
} as const;

const b = setupBrowser({ baseURL: () => server.baseURL });

async function fillForm(page: Page, lang: "en" | "ar", lastName: string, seed: number) {
  const w = words[lang];
  await page.getByLabel(w.first, { exact: true }).fill("Amal");
  await page.getByLabel(w.last, { exact: true }).fill(lastName);
  await page.getByLabel(w.birth, { exact: true }).fill("1990-05-17");
  await page.getByLabel(w.country, { exact: true }).selectOption("AE");
  await page.getByLabel(w.street, { exact: true }).fill("12 Corniche Road");
  await page.getByLabel(w.city, { exact: true }).fill("Abu Dhabi");
  await page.getByLabel(w.number, { exact: true }).fill("N1234567");
  await page.locator('input[name="frontFileId"]').setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: await photo(seed) });
  await page.locator('input[name="selfieFileId"]').setInputFiles({ name: "selfie.png", mimeType: "image/png", buffer: await photo(seed + 1) });
}

async function journey(lang: "en" | "ar", viewport: Viewport, token: string) {
  const w = words[lang];
  const { page } = await b.newPage({ lang, viewport, token });
  await page.goto("/kyc");
  await appStarted(page);
  expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");

  // Sent empty: each field says what it needs, in the page's language, and nothing is sent.
  await page.getByRole("button", { name: w.send }).click();
  await expect.poll(() => page.getByText(w.nameRequired).count()).toBe(2);
  expect(await page.getByText(w.photoRequired).count()).toBe(2);

  // A 17-year-old is refused at the field.
  await fillForm(page, lang, "Retry", 1);
  const year = new Date().getUTCFullYear() - 17;
  await page.getByLabel(w.birth, { exact: true }).fill(`${year}-01-01`);
  await page.getByRole("button", { name: w.send }).click();
  await page.getByText(w.underage).waitFor();

  // "Retry": pending, then rejected with its reason and a way to try again.
  await page.getByLabel(w.birth, { exact: true }).fill("1990-05-17");
  await page.getByRole("button", { name: w.send }).click();
  await page.getByRole("heading", { name: w.pending }).waitFor({ timeout: 30_000 });
  await page.getByRole("heading", { name: w.rejected }).waitFor({ timeout: 30_000 });
  await page.getByText(w.unreadable).waitFor();

  // The new form keeps the name; new photos and an ordinary last name are approved.
  await page.getByRole("button", { name: w.retry }).click();
  expect(await page.getByLabel(w.first, { exact: true }).inputValue()).toBe("Amal");
  await fillForm(page, lang, "Haddad", 2);
  await page.getByRole("button", { name: w.send }).click();
  await page.getByRole("heading", { name: w.pending }).waitFor({ timeout: 30_000 });
  await page.getByRole("heading", { name: w.approved }).waitFor({ timeout: 30_000 });
  // The document number is shown by its end only.
  expect(await page.getByText("…4567").count()).toBe(1);
  return page;
}

describe("identity verification", { timeout: 180_000 }, () => {
  it("in English at desktop width: errors, a Retry rejection, then approval by the sandbox; the profile says verified", async () => {
    const page = await journey("en", "desktop", tokens[0]!);
    await page.goto("/profile");
    await appStarted(page);
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Identity verification" }) });
    await card.getByText("Verified").waitFor();
  });

  it("in Arabic at phone width", async () => {
    await journey("ar", "phone", tokens[1]!);
  });
});
