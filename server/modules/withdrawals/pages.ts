// The pages behind the e-mailed links. Opening a link changes nothing (mail scanners open links):
// it shows what the link does and a button; the button's POST confirms the address or freezes the
// account's withdrawals. The token travels in the query and the form, is compared by its hash, and
// is never logged (the request log names the path only).
import { and, eq, gt } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { escapeHtml, htmlLangDir } from "../../platform/http/html.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import { translate, type MessageId } from "../../platform/i18n/index.ts";
import type { AddressBook } from "./addresses.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import { ADDRESS_LINK_PATH, FREEZE_LINK_PATH } from "./mail.ts";
import { withdrawals, withdrawFreezeLinks, withdrawFreezes } from "./schema.ts";
import { sha256, TOKEN_SHAPE } from "./tokens.ts";

function page(c: Context<AppEnv>, title: MessageId, body: string, status: 200 | 404 = 200) {
  const locale = c.var.locale;
  const html = `<!doctype html>
<html ${htmlLangDir(locale)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(translate(locale, title))}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1.5rem;color:#1a1a1a}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0b5;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #036;outline-offset:2px}.ltr{direction:ltr;unicode-bidi:isolate;overflow-wrap:anywhere}</style></head>
<body><main><h1>${escapeHtml(translate(locale, title))}</h1>${body}</main></body></html>`;
  return c.html(html, status, { "Cache-Control": "no-store", "Content-Language": locale, "Referrer-Policy": "no-referrer" });
}

const form = (action: string, token: string, label: string) =>
  `<form method="post" action="${action}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(label)}</button></form>`;

async function tokenOf(c: Context<AppEnv>): Promise<string | null> {
  const token = c.req.method === "GET" ? c.req.query("token") : String((await c.req.parseBody())["token"] ?? "");
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

export function withdrawLinkRoutes(s: Pick<WithdrawalsDeps, "db" | "now" | "logger">, book: AddressBook) {
  const t = (c: Context<AppEnv>, id: MessageId, values?: Record<string, unknown>) => escapeHtml(translate(c.var.locale, id, values));
  const invalid = (c: Context<AppEnv>, title: MessageId) => page(c, title, `<p>${t(c, "page.withdrawConfirm.invalid")}</p>`, 404);
  const iso = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ");

  return new Hono<AppEnv>()
    .get(ADDRESS_LINK_PATH, async (c) => {
      const token = await tokenOf(c);
      const row = token ? await book.byLink(token) : null;
      if (!token || !row) return invalid(c, "page.withdrawConfirm.title");
      const what = t(c, "page.withdrawConfirm.text", { label: row.label, address: "\u0000", network: row.network }).replace(
        "\u0000",
        `<span class="ltr">${escapeHtml(row.address)}</span>`,
      );
      return page(c, "page.withdrawConfirm.title", `<p>${what}</p>${form(ADDRESS_LINK_PATH, token, translate(c.var.locale, "page.withdrawConfirm.button"))}`);
    })
    .post(ADDRESS_LINK_PATH, async (c) => {
      const token = await tokenOf(c);
      const row = token ? await book.confirm(token) : null;
      if (!row?.usableAt) return invalid(c, "page.withdrawConfirm.title");
      s.logger.info("withdraw.addressConfirmed", { addressId: row.id });
      return page(c, "page.withdrawConfirm.title", `<p role="status">${t(c, "page.withdrawConfirm.done", { usableAt: iso(row.usableAt) })}</p>`);
    })
    .get(FREEZE_LINK_PATH, async (c) => {
      const token = await tokenOf(c);
      if (!token) return invalid(c, "page.withdrawFreeze.title");
      return page(
        c,
        "page.withdrawFreeze.title",
        `<p>${t(c, "page.withdrawFreeze.text")}</p>${form(FREEZE_LINK_PATH, token, translate(c.var.locale, "page.withdrawFreeze.button"))}`,
      );
    })
    .post(FREEZE_LINK_PATH, async (c) => {
      const token = await tokenOf(c);
      const at = s.now();
      const [link] = token
        ? await s.db
            .select()
            .from(withdrawFreezeLinks)
            .where(and(eq(withdrawFreezeLinks.tokenHash, sha256(token)), gt(withdrawFreezeLinks.expiresAt, at)))
        : [];
      if (!link) return invalid(c, "page.withdrawFreeze.title");
      await s.db.transaction(async (tx) => {
        await tx.insert(withdrawFreezes).values({ userId: link.userId, frozenAt: at }).onConflictDoNothing();
        // What waits for a code cannot be confirmed any more.
        await tx
          .update(withdrawals)
          .set({ status: "cancelled", codeHash: null, updatedAt: at })
          .where(and(eq(withdrawals.userId, link.userId), eq(withdrawals.status, "awaitingCode")));
        // What is held but not yet sent out stops too: the network's next pass voids its holds (the
        // money back). What was broadcast already is on the network and cannot be called back.
        await tx
          .update(withdrawals)
          .set({ status: "cancelled", updatedAt: at, nextStepAt: at })
          .where(and(eq(withdrawals.userId, link.userId), eq(withdrawals.status, "queued")));
      });
      s.logger.warn("withdraw.frozen", { userId: link.userId });
      return page(c, "page.withdrawFreeze.title", `<p role="status">${t(c, "page.withdrawFreeze.done")}</p>`);
    });
}
