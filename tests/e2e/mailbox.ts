// The dev mailbox as a developer uses it: another tab of the same browser reading the newest
// message sent to an address.
import type { BrowserContext } from "playwright-core";

/** Opens the dev mailbox in another tab and reads the newest code sent to `email`. */
export async function readCode(context: BrowserContext, email: string, lang: "en" | "ar" = "en"): Promise<string> {
  const mailbox = await context.newPage();
  try {
    // Mail is delivered just after the answer that asked for it: look again until it is there (the
    // page is server-rendered and does not refresh itself). The bound is generous: a busy machine
    // may take seconds, and a count of tries would end sooner the slower each load is.
    const newest = mailbox.locator("article").first();
    const deadline = Date.now() + 30_000;
    for (;;) {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}&lang=${lang}`);
      if ((await newest.count()) > 0 || Date.now() > deadline) break;
      await mailbox.waitForTimeout(100);
    }
    await newest.waitFor({ timeout: 1_000 });
    const text = await newest.innerText();
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in the newest message to ${email}:\n${text}`);
    return code;
  } finally {
    await mailbox.close();
  }
}

/** Opens the dev mailbox in another tab and reads the text of the newest message to `to` that `matches` (its whole article). */
export async function readMessage(context: BrowserContext, to: string, matches: RegExp = /./, lang: "en" | "ar" = "en"): Promise<string> {
  const mailbox = await context.newPage();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(to)}&lang=${lang}`);
      const texts = await mailbox.locator("article").allInnerTexts();
      const found = texts.find((text) => matches.test(text));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no message to ${to} matching ${matches} in:\n${texts.join("\n---\n")}`);
      await mailbox.waitForTimeout(100);
    }
  } finally {
    await mailbox.close();
  }
}
