// Errors as a user meets them in Chromium against the real server: one error style on every page,
// re-translated when the language changes, and e-mail addresses kept whole inside Arabic.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { sessionToken, setupBrowser } from "../browser.ts";

const b = setupBrowser();

/** An address no account has: a wrong password for it locks no seeded account out. */
const strangerEmail = () => `nobody-${randomBytes(4).toString("hex")}@sarraf.test`;

/** The server's own words for a message id, in a language: the SPA's catalogue must say the same. */
async function serverSays(lang: "en" | "ar", email: string): Promise<string> {
  const response = await fetch(`${inject("baseURL")}/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": lang },
    body: JSON.stringify({ email, password: "not the password at all" }),
  });
  const body = (await response.json()) as { message: string; data?: { reason?: string } };
  expect(body.data?.reason).toBe("invalidCredentials");
  return body.message;
}

/** Where the sentence's full stop is drawn against the letter before it: after it in reading order means left in Arabic, right in English. */
const fullStopSide = (alert: Locator) =>
  alert.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let node: Node | null;
    while ((node = walker.nextNode())) {
      const text = node.textContent ?? "";
      const stop = text.lastIndexOf(".");
      if (stop < 1) continue;
      const range = document.createRange();
      range.setStart(node, stop - 1);
      range.setEnd(node, stop);
      const letter = range.getBoundingClientRect();
      range.setStart(node, stop);
      range.setEnd(node, stop + 1);
      const dot = range.getBoundingClientRect();
      return dot.left + dot.width / 2 < letter.left + letter.width / 2 ? "left" : "right";
    }
    return "none";
  });

async function submitWrongPassword(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

describe("errors in Chromium", () => {
  it("a server error shown in English is re-translated when the user switches to Arabic, its full stop on the Arabic side", async () => {
    const email = strangerEmail();
    const { page, context, errors } = await b.openPage("/login");
    await submitWrongPassword(page, email);
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.innerText()).toBe(await serverSays("en", email));
    expect(await fullStopSide(alert)).toBe("right");
    await page.getByRole("button", { name: "العربية" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await expect.poll(() => alert.innerText()).toBe(await serverSays("ar", email));
    expect(await fullStopSide(alert)).toBe("left");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("field errors and alerts on the profile have sign-up's error colour, not a hint's grey", async () => {
    const { page, context } = await b.openPage("/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    const signupError = page.locator(".field-error").first();
    const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
    const errorColour = await colour(signupError);
    const hintColour = await colour(page.locator(".field-hint").first());
    expect(errorColour).not.toBe(hintColour);

    const profile = await b.openPage("/profile", { token: await sessionToken() });
    const name = profile.page.getByLabel("Full name");
    await name.fill("");
    await profile.page.getByRole("button", { name: "Save" }).click();
    expect(await colour(profile.page.locator(".field-error"))).toBe(errorColour);
    await profile.page.getByLabel("Current password").fill("not the current password");
    await profile.page.getByLabel("New password").fill("violet harbour lantern quietly");
    await profile.page.getByRole("button", { name: "Change password" }).click();
    const alert = profile.page.getByRole("alert");
    await alert.waitFor();
    // The alert's words keep the text colour; its icon and frame carry the error colour.
    expect(await alert.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(errorColour);
    expect(await colour(alert.locator("svg"))).toBe(errorColour);
    expect(await colour(alert.locator("p"))).not.toBe(hintColour);
    await context.close();
    await profile.context.close();
  });

  it("an e-mail address in an Arabic toast on a phone reads left to right and moves to the next line whole", async () => {
    // Longer than what is left of the first line, shorter than a whole line: plain text would break at a hyphen.
    const email = `layla-haddad-${randomBytes(2).toString("hex")}@sarraf.test`;
    const { page, context, errors } = await b.openPage("/login", { lang: "ar", viewport: "phone" });
    await page.getByRole("button", { name: "رمز عبر البريد الإلكتروني" }).click();
    await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(email);
    await page.getByRole("button", { name: "إرسال رمز إلى بريدي الإلكتروني" }).click();
    const address = page.getByRole("status").locator("bdi.email", { hasText: email });
    await address.waitFor();
    await page.waitForTimeout(500); // the toast's entry animation scales it
    const layout = await address.evaluate((element) => {
      const linesOf = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      // The same toast with the address as plain text, laid out beside it at the same width.
      const message = element.closest<HTMLElement>("[role=status]")!;
      const plain = message.cloneNode(true) as HTMLElement;
      const text = document.createTextNode(element.textContent ?? "");
      plain.querySelector("bdi.email")!.replaceWith(text);
      Object.assign(plain.style, { position: "absolute", visibility: "hidden", width: `${message.getBoundingClientRect().width}px` });
      message.after(plain);
      const lines = { direction: getComputedStyle(element).direction, shown: linesOf(element), plain: linesOf(text) };
      plain.remove();
      return lines;
    });
    expect(layout).toEqual({ direction: "ltr", shown: 1, plain: 2 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
