// Contact and newsletter in real Chromium against the real server: a contact message that arrives
// in the dev mailbox (to support, Reply-To the sender; a receipt to the sender), and a newsletter
// subscription confirmed from the dev mailbox then ended from its unsubscribe link — in English at
// desktop width and in Arabic at phone width.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appStarted, setupBrowser, type Viewport } from "../browser.ts";
import { readMessage } from "../mailbox.ts";

const SUPPORT = "support@sarraf.example";
const words = {
  en: {
    name: "Your name",
    email: "Your e-mail",
    subject: "Subject",
    message: "Message",
    send: "Send message",
    nameRequired: "Enter your name.",
    tooShort: "Write at least 10 characters, so we understand what you need.",
    thanks: "Thank you: your message has reached us.",
    receipt: "We have received your message",
    newsletterEmail: "E-mail for the newsletter",
    subscribe: "Subscribe",
    checkInbox: "Check your inbox",
    subscribed: "You are subscribed",
    unsubscribed: "You are unsubscribed",
  },
  ar: {
    name: "اسمك",
    email: "بريدك الإلكتروني",
    subject: "الموضوع",
    message: "الرسالة",
    send: "أرسل الرسالة",
    nameRequired: "أدخل اسمك.",
    tooShort: "اكتب 10 أحرف على الأقل، لنفهم ما تحتاج إليه.",
    thanks: "شكرًا لك: وصلتنا رسالتك.",
    receipt: "تلقّينا رسالتك",
    newsletterEmail: "البريد الإلكتروني للنشرة",
    subscribe: "اشترك",
    checkInbox: "تفقّد بريدك الوارد",
    subscribed: "أنت مشترك الآن",
    unsubscribed: "أُلغي اشتراكك",
  },
} as const;

const b = setupBrowser();
const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@sarraf.test`;

async function sendContact(page: Page, context: BrowserContext, lang: "en" | "ar") {
  const w = words[lang];
  const sender = unique(`contact-${lang}`);
  await page.goto("/contact");
  await appStarted(page);
  // Sent empty, then with a message too short: each field's problem beside it, translated, nothing sent.
  await page.getByRole("button", { name: w.send }).click();
  await page.getByText(w.nameRequired).waitFor();
  expect(await page.getByLabel(w.name, { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.getByLabel(w.name, { exact: true }).fill("Amal Haddad");
  await page.getByLabel(w.email, { exact: true }).fill(sender);
  await page.getByLabel(w.subject, { exact: true }).fill("Card buy limits");
  await page.getByLabel(w.message, { exact: true }).fill("Hi");
  await page.getByRole("button", { name: w.send }).click();
  await page.getByText(w.tooShort).waitFor();
  // The keyboard sends it: however quickly it was filled, the form waits out the minimum by itself.
  await page.getByLabel(w.message, { exact: true }).fill(`What is the largest card buy I can make? (${lang})`);
  await page.getByLabel(w.message, { exact: true }).press("Tab");
  await page.keyboard.press("Enter");
  await page.getByText(w.thanks).waitFor({ timeout: 30_000 });

  const toSupport = await readMessage(context, SUPPORT, new RegExp(sender.replace(/[.]/g, "\\.")));
  expect(toSupport).toContain(`What is the largest card buy I can make? (${lang})`);
  expect(toSupport).toMatch(new RegExp(`Reply-To\\s+${sender.replace(/[.]/g, "\\.")}`));
  expect(await readMessage(context, sender, /./, lang)).toContain(w.receipt);
}

/** The page address of a mail's confirm or unsubscribe link (the mail names the server's own origin). */
function linkIn(text: string, page: "confirm" | "unsubscribe"): string {
  const found = new RegExp(`https?://\\S+/newsletter/${page}\\?token=[\\w-]+`).exec(text);
  if (!found) throw new Error(`no ${page} link in:\n${text}`);
  const url = new URL(found[0]);
  return url.pathname + url.search;
}

async function subscribe(page: Page, context: BrowserContext, lang: "en" | "ar") {
  const w = words[lang];
  const reader = unique(`news-${lang}`);
  await page.goto("/contact");
  await appStarted(page);
  await page.getByLabel(w.newsletterEmail, { exact: true }).fill(reader);
  await page.getByRole("button", { name: w.subscribe, exact: true }).click();
  await page.getByText(w.checkInbox).waitFor();

  const confirmMail = await readMessage(context, reader, /\/newsletter\/confirm\?token=/, lang);
  await page.goto(linkIn(confirmMail, "confirm"));
  await page.getByText(w.subscribed).waitFor();

  const welcome = await readMessage(context, reader, /\/newsletter\/unsubscribe\?token=/, lang);
  await page.goto(linkIn(welcome, "unsubscribe"));
  await page.getByText(w.unsubscribed, { exact: true }).waitFor();
}

async function journey(lang: "en" | "ar", viewport: Viewport) {
  const { page, context, errors } = await b.newPage({ lang, viewport });
  await sendContact(page, context, lang);
  await subscribe(page, context, lang);
  expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
  expect(errors).toEqual([]);
  await context.close();
}

describe("contact and newsletter", { timeout: 120_000 }, () => {
  it("in English at desktop width: a message reaches the dev mailbox; a subscription is confirmed and ended from it", async () => {
    await journey("en", "desktop");
  });

  it("in Arabic at phone width", async () => {
    await journey("ar", "phone");
  });
});
