// One-click unsubscribe (RFC 8058), which Gmail and Yahoo ask of bulk senders: a mail client POSTs
// `List-Unsubscribe=One-Click` (form-encoded) to the List-Unsubscribe address itself — the
// unsubscribe page's, /newsletter/unsubscribe?token=… — with no cookie and no script, and the
// subscriber is unsubscribed at once. Opening the address (GET) stays the page, which asks the API.
// The token is compared by its hash and never logged (the request log names the path only).
import { Hono } from "hono";
import { paths } from "../../../contract/pages.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import { translate } from "../../platform/i18n/index.ts";
import type { Contact } from "./routes.ts";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function oneClickUnsubscribeRoutes({ newsletter }: Pick<Contact, "newsletter">) {
  return new Hono<AppEnv>().post(paths.newsletterUnsubscribe, async (c) => {
    const locale = c.var.locale;
    const headers = { "Cache-Control": "no-store", "Content-Language": locale };
    const token = c.req.query("token") ?? "";
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form["List-Unsubscribe"] !== "One-Click" || !TOKEN_SHAPE.test(token)) return c.text(translate(locale, "error.badRequest"), 400, headers);
    const outcome = await newsletter.unsubscribe(token);
    if ("refused" in outcome) return c.text(translate(locale, "error.linkInvalid"), 404, headers);
    return c.text(translate(locale, "success.unsubscribed"), 200, headers);
  });
}
