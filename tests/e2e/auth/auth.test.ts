// The auth lifecycle as a new user lives it: real Chromium, the server `npm start` runs, its
// database, and the e-mail read from the dev mailbox page.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { setupBrowser } from "../browser.ts";
import { readCode } from "../mailbox.ts";
import { signUp } from "./signup-helper.ts";

const b = setupBrowser();

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@sarraf.test`;
const path = (page: Page) => new URL(page.url()).pathname;

/** Elements of <main> sticking out of the viewport: in right-to-left pages that overflow is not even scrollable. */
const outside = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );

const storedToken = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("authUser") ?? "null")?.Token as string | undefined);

async function logOut(page: Page, name = "Log out") {
  await page.locator(".sidebar").getByRole("button", { name }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

describe("a new trader", () => {
  const email = newEmail("journey");
  const password = "copper kettle sunrise";
  const newPassword = "violet harbour lantern";

  it("signs up, verifies with the code from the mailbox, lands on the dashboard and stays signed in after a reload", async () => {
    const { page, context, errors } = await b.openPage("/");
    await page.getByRole("link", { name: "Create a free account" }).click();
    await page.waitForURL("**/signup");
    await signUp(page, { name: "Full name", email: "E-mail", password: "Password", submit: "Create account" }, { name: "Layla Haddad", email, password });
    // In the page, not the "We e-mailed a code to …" toast, which may be up at the same moment.
    await page.getByRole("main").getByText(email).waitFor();
    expect(await page.getByRole("button", { name: "Send a new code" }).isDisabled()).toBe(true);
    expect(await storedToken(page)).toBeUndefined();

    await page.getByLabel("6-digit code").fill(await readCode(context, email));
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await page.waitForURL("**/dashboard");
    const token = await storedToken(page);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("userInfo")))!)).toMatchObject({ email, fullName: "Layla Haddad", emailVerified: true });

    await page.reload();
    await page.locator(".sidebar").waitFor();
    expect(path(page)).toBe("/dashboard");
    await logOut(page);
    expect(await storedToken(page)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("logs in with the password (and a wrong one is refused with the server's message)", async () => {
    const { page, context } = await b.openPage("/login");
    await logIn(page, email, "not the right password");
    await page.getByRole("alert").filter({ hasText: /\S/ }).waitFor();
    expect(path(page)).toBe("/login");
    await logIn(page, email, password);
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("logs in with a code sent by e-mail", async () => {
    const { email } = inject("accounts").codeLogin;
    const { page, context } = await b.openPage("/login");
    await page.getByRole("button", { name: "E-mail code" }).click();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "E-mail me a code" }).click();
    const code = page.getByLabel("6-digit code");
    await code.waitFor();
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    await code.fill(await readCode(context, email));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("forgets the password, resets it with the e-mailed code, and logs in with the new one", async () => {
    const { email, password } = inject("accounts").reset;
    const elsewhere = await b.openPage("/login");
    await logIn(elsewhere.page, email, password);
    await elsewhere.page.waitForURL("**/dashboard");
    const oldSession = await storedToken(elsewhere.page);
    await elsewhere.context.close();

    const { page, context } = await b.openPage("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send reset code" }).click();
    await page.waitForURL("**/reset-password");
    await page.getByLabel("6-digit code").fill(await readCode(context, email));
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login");
    await page.getByText("Your password has been changed").waitFor();

    // The reset ended every session: the other browser's token is dead on the server.
    const status = await fetch(`${inject("baseURL")}/api/v1/user/get-profile-by-id`, { method: "POST", headers: { authorization: `Bearer ${oldSession}` } });
    expect(status.status).toBe(401);

    await logIn(page, email, password);
    await page.getByRole("alert").filter({ hasText: /\S/ }).waitFor();
    await logIn(page, email, newPassword);
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("signing out in one tab signs out the other open tabs", async () => {
    const { page, context } = await b.openPage("/login");
    await logIn(page, email, password);
    await page.waitForURL("**/dashboard");
    const other = await context.newPage();
    await other.goto("/portfolio");
    await other.locator(".sidebar").waitFor();
    await logOut(page);
    // Sent to log in, with the page it was on to come back to.
    await other.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/portfolio");
    await context.close();
  });

  it("is sent to /login with the server's message when the session is revoked on the server", async () => {
    const { page, context } = await b.openPage("/login");
    await logIn(page, email, password);
    await page.waitForURL("**/dashboard");
    // On the profile page (no polls) before the session ends: on the dashboard, a balances or
    // market poll could meet the 401 first and leave for /login while the test reaches for a link.
    // Every request the page has sent must have been answered before the session ends: one the
    // server took after the revocation (a section of the profile still loading on a busy machine)
    // would meet the 401 first and leave for /login while the test fills the form (CI run 36).
    const unanswered = new Set<Request>();
    page.on("request", (request) => {
      // Only a request carrying the session can meet its end (page-view beacons carry none, and never finish here).
      if (request.headers().authorization) unanswered.add(request);
    });
    page.on("requestfinished", (request) => unanswered.delete(request));
    page.on("requestfailed", (request) => unanswered.delete(request));
    await page.locator(".sidebar").getByRole("link", { name: "Profile" }).click();
    await page.getByLabel("Full name").waitFor();
    await expect.poll(() => [...unanswered].map((request) => request.url())).toEqual([]);
    const token = await storedToken(page);
    const revoked = await fetch(`${inject("baseURL")}/api/v1/user/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);

    await page.getByLabel("Full name").fill("Layla H.");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/profile");
    await page.getByRole("status").filter({ hasText: "Please log in to continue." }).waitFor();
    expect(await storedToken(page)).toBeUndefined();
    await context.close();
  });
});

describe("in Arabic, on a phone", () => {
  it("signs up, verifies, and reaches the dashboard, right to left with the address kept left to right", async () => {
    const email = newEmail("arabic");
    const { page, context, errors } = await b.openPage("/signup", { lang: "ar", viewport: "phone" });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByRole("button", { name: "إنشاء حساب" }).click();
    const emailField = page.getByLabel("البريد الإلكتروني");
    expect(await emailField.getAttribute("aria-invalid")).toBe("true");
    expect(await emailField.getAttribute("dir")).toBe("ltr");
    expect(await outside(page)).toEqual([]);
    await signUp(
      page,
      { name: "الاسم الكامل", email: "البريد الإلكتروني", password: "كلمة المرور", submit: "إنشاء حساب" },
      { name: "ليلى حداد", email, password: "نحاس وإبريق وشروق" },
    );
    // The page's (a "code sent" toast may show the address at the same moment).
    const shown = page.getByRole("main").locator("bdi", { hasText: email });
    expect(await shown.getAttribute("dir")).toBe("ltr");
    const code = await readCode(context, email, "ar");
    await page.getByLabel("رمز من 6 أرقام").fill(code);
    await page.getByRole("button", { name: "تأكيد ومتابعة" }).click();
    await page.waitForURL("**/dashboard");
    await page.locator(".bottom-bar").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
