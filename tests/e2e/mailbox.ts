// The dev mailbox as a developer uses it: another tab of the same browser reading the newest
// message sent to an address.
import type { BrowserContext } from "playwright-core";

/** Opens the dev mailbox in another tab and reads the newest code sent to `email`. */
export async function readCode(context: BrowserContext, email: string, lang: "en" | "ar" = "en"): Promise<string> {
  const mailbox = await context.newPage();
  try {
    // Mail is delivered just after the answer that asked for it: look again until it is there.
    const newest = mailbox.locator("article").first();
    for (let tries = 0; ; tries++) {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}&lang=${lang}`);
      if ((await newest.count()) > 0 || tries === 20) break;
      await mailbox.waitForTimeout(100);
    }
    await newest.waitFor();
    const text = await newest.innerText();
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code in the newest message to ${email}:\n${text}`);
    return code;
  } finally {
    await mailbox.close();
  }
}
