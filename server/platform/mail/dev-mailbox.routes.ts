import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { outbox, type OutboxMessage } from "../db/schema.ts";
import { devToolsEnabled } from "../http/hosts.ts";
import { escapeHtml, htmlLangDir } from "../http/html.ts";
import type { AppEnv } from "../http/types.ts";
import type { PlatformDeps } from "../deps.ts";
import type { MailService } from "./index.ts";
import { isLocale, translate, type Locale } from "../i18n/index.ts";

const SHOWN = 100;

/**
 * GET /dev/mailbox: what the embedded outbox "sent", so a developer (or an end-to-end test)
 * can read a code without a mail server. Only with the development tools on (see devToolsEnabled) over the outbox: elsewhere it
 * answers 404 itself, since the SPA's history fallback would otherwise serve the app there.
 */
export function devMailboxRoutes(s: PlatformDeps & { mail: MailService }) {
  const enabled = s.mail.kind === "outbox" && devToolsEnabled(s.env);
  return new Hono<AppEnv>().get("/dev/mailbox", async (c) => {
    if (!enabled) return c.text("Not found", 404);
    const asked = c.req.query("lang");
    const locale = isLocale(asked) ? asked : c.var.locale;
    const to = c.req.query("to")?.trim().toLowerCase() || undefined;
    const messages = await s.database.db
      .select()
      .from(outbox)
      .where(to ? eq(outbox.to, to) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.seq))
      .limit(SHOWN);
    return c.html(mailboxPage(locale, messages, to, asked === locale ? locale : undefined), 200, {
      "Cache-Control": "no-store",
      "Content-Language": locale,
    });
  });
}

function mailboxPage(locale: Locale, messages: OutboxMessage[], to: string | undefined, lang: Locale | undefined): string {
  const t = (id: Parameters<typeof translate>[1], values?: Record<string, unknown>) => escapeHtml(translate(locale, id, values));
  const all = lang ? `/dev/mailbox?lang=${lang}` : "/dev/mailbox";
  const articles = messages.map((m, index) => {
    const sent = m.createdAt.toISOString();
    return `<article aria-labelledby="m${index}">
<h2 id="m${index}" dir="auto">${escapeHtml(m.subject)}</h2>
<dl><dt>${t("mailbox.to")}</dt><dd dir="ltr">${escapeHtml(m.to)}</dd>${m.replyTo ? `<dt>${t("mailbox.replyTo")}</dt><dd dir="ltr">${escapeHtml(m.replyTo)}</dd>` : ""}
<dt>${t("mailbox.sent")}</dt><dd dir="ltr"><time datetime="${sent}">${sent.slice(0, 19).replace("T", " ")} UTC</time></dd></dl>
<pre dir="auto">${escapeHtml(m.text)}</pre>
</article>`;
  });
  return `<!doctype html>
<html ${htmlLangDir(locale)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("mailbox.title")}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;color:#1a1a1a}
article{border:1px solid #ccc;border-radius:.5rem;padding:0 1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem}dd{margin:0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:1rem;background:#f4f4f4;padding:.75rem}
</style></head>
<body><main>
<h1>${t("mailbox.heading")}</h1>
<p>${t("mailbox.intro")}</p>
${to ? `<p>${t("mailbox.filtered", { to })} <a href="${all}">${t("mailbox.showAll")}</a></p>` : ""}
${articles.length ? articles.join("\n") : `<p>${t("mailbox.empty")}</p>`}
</main></body></html>`;
}
