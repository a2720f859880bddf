// The dev mailbox as a developer uses it: another tab of the same browser reading the newest
// message sent to an address.
import type { BrowserContext } from "playwright-core";

/**
 * Opens the dev mailbox in another tab and reads the newest message to `email` until `match` finds
 * what it looks for. Mail is delivered just after the answer that asked for it, and the page is
 * server-rendered (it does not refresh itself): it is loaded again until the message is there. The
 * bound is generous: a busy machine may take seconds, and a count of tries would end sooner the
 * slower each load is.
 */
export async function newestMail(context: BrowserContext, email: string, match: RegExp, lang: "en" | "ar" = "en"): Promise<RegExpExecArray> {
  const mailbox = await context.newPage();
  try {
    const newest = mailbox.locator("article pre").first();
    const deadline = Date.now() + 30_000;
    for (;;) {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}&lang=${lang}`);
      const text = (await newest.count()) > 0 ? await newest.innerText() : "";
      const found = match.exec(text);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no message to ${email} matching ${match}:\n${text}`);
      await mailbox.waitForTimeout(100);
    }
  } finally {
    await mailbox.close();
  }
}

/** The code in the newest message sent to `email`. */
export async function readCode(context: BrowserContext, email: string, lang: "en" | "ar" = "en"): Promise<string> {
  return (await newestMail(context, email, /\b(\d{6})\b/, lang))[1]!;
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
