// Flows that survive a reload of their tab, as phones reload tabs after a trip to the mail app:
// real Chromium, the server `npm start` runs, codes read from the dev mailbox.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { setupBrowser } from "../browser.ts";
import { readCode } from "../mailbox.ts";
import { fillSignup } from "./signup-helper.ts";

const b = setupBrowser();

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@sarraf.test`;
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

describe("a reload in the middle of a flow", () => {
  const email = newEmail("reload");
  const password = "copper kettle sunrise";

  it("sign-up → reload on /verify-email → the code signs in and the password chosen at sign-up still works", async () => {
    const { page, context, errors } = await b.openPage("/signup");
    await fillSignup(page, { name: "Reload Trader", email, password });
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/verify-email");
    await page.reload();
    // The page still knows the address: only the code is asked for.
    // In the page, not the "We e-mailed a code to …" toast, which may be up at the same moment.
    await page.getByRole("main").getByText(email).waitFor();
    expect(await page.getByLabel("E-mail").count()).toBe(0);
    await page.getByLabel("6-digit code").fill(await readCode(context, email));
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await page.waitForURL("**/dashboard");
    await page.locator(".sidebar").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/login");
    await logIn(page, email, password);
    await page.waitForURL("**/dashboard");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("forgot password → reload on /reset-password keeps the e-mail; after the reset the login form has it filled in", async () => {
    // A seeded account: the one just signed up is still inside its code resend wait.
    const { email } = inject("accounts").reloadReset;
    const newPassword = "violet harbour lantern";
    const { page, context } = await b.openPage("/forgot-password");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send reset code" }).click();
    await page.waitForURL("**/reset-password");
    await page.reload();
    expect(await page.getByLabel("E-mail").inputValue()).toBe(email);
    await page.getByLabel("6-digit code").fill(await readCode(context, email));
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login");
    expect(await page.getByLabel("E-mail").inputValue()).toBe(email);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("code login → reload → the code already sent still signs in", async () => {
    const { email: account } = inject("accounts").reloadCode;
    const { page, context } = await b.openPage("/login");
    await page.getByRole("button", { name: "E-mail code" }).click();
    await page.getByLabel("E-mail").fill(account);
    await page.getByRole("button", { name: "E-mail me a code" }).click();
    await page.getByLabel("6-digit code").waitFor();
    await page.reload();
    // Back on the code step, the wait for another code still counting down.
    await page.getByRole("main").getByText(account).waitFor();
    await page.getByRole("timer").filter({ hasText: /\d/ }).waitFor();
    await page.getByLabel("6-digit code").fill(await readCode(context, account));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("a protected deep link sends a visitor to log in with a notice, and back to that page after", async () => {
    const { page, context } = await b.openPage("/exchange?curr=EUR&symbol=ETH");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/exchange?curr=EUR&symbol=ETH");
    await page.getByText("Log in to open that page").waitFor();
    await logIn(page, email, password);
    await page.waitForURL((url) => url.pathname === "/exchange");
    expect(where(page)).toBe("/exchange?curr=EUR&symbol=ETH");
    await context.close();
  });

  it("ignores a return address on another origin", async () => {
    const { page, context } = await b.openPage(`/login?returnTo=${encodeURIComponent("//evil.example/steal")}`);
    expect(await page.getByText("Log in to open that page").count()).toBe(0);
    await logIn(page, email, password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(new URL(page.url()).origin).toBe(inject("baseURL"));
    await context.close();
  });

  it("a reload while the social popup is open still takes the popup's sign-in", async () => {
    const { page, context } = await b.openPage("/login");
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Continue with Google" }).click()]);
    await popup.waitForLoadState();
    await page.reload();
    // The reloaded page waits for the popup it had opened.
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await popup.getByLabel("E-mail").fill(newEmail("google-reload"));
    await popup.getByLabel("Name").fill("Reloaded Google Trader");
    await popup.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/dashboard");
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("authUser")))!)).toMatchObject({ fullName: "Reloaded Google Trader" });
    await context.close();
  });
});
