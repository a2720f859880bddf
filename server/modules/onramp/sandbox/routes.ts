// The sandbox provider's pages: the payment page (GET), its card form, 3-D Secure answer and cancel
// (POST, then a redirect back to the page: post/redirect/get), and the published webhook keys.
import { Hono, type Context } from "hono";
import { limitBody } from "../../../platform/http/body-limit.ts";
import type { AppEnv } from "../../../platform/http/types.ts";
import { SANDBOX_BASE, type PayResult, type Sandbox } from "./sandbox.ts";
import { notFoundPage, paymentPage, type Notice } from "./page.ts";

const NOTICES: Record<string, Notice> = {
  declined: "declined",
  number: "invalidNumber",
  expiry: "invalidExpiry",
  cvc: "invalidCvc",
  closed: "closed",
};

/** The payment page's forms are a card number, an expiry, a CVC or a yes: far less than this. */
export const SANDBOX_FORM_MAX_BYTES = 4 * 1024;

const localeOf = (c: Context<AppEnv>): "en" | "ar" => (c.req.query("lang") === "ar" ? "ar" : c.req.query("lang") === "en" ? "en" : c.var.locale);
const field = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string).slice(0, 100) : "");

export function sandboxRoutes(sandbox: Sandbox) {
  const app = new Hono<AppEnv>();
  const page = `${SANDBOX_BASE}/pay/:id`;
  app.use(
    `${SANDBOX_BASE}/*`,
    limitBody(SANDBOX_FORM_MAX_BYTES, (c) => c.text("Payload Too Large", 413)),
  );

  const back = (c: Context<AppEnv>, result: PayResult) => {
    const notice = result.kind === "invalid" ? result.field : result.kind === "declined" || result.kind === "closed" ? result.kind : null;
    const query = new URLSearchParams({ lang: localeOf(c), ...(notice ? { notice } : {}) });
    return c.redirect(`${SANDBOX_BASE}/pay/${encodeURIComponent(c.req.param("id") ?? "")}?${query.toString()}`, 303);
  };

  app.get(page, async (c) => {
    c.header("Cache-Control", "no-store");
    const order = await sandbox.find(c.req.param("id"));
    if (!order) return c.html(notFoundPage(localeOf(c)), 404);
    return c.html(paymentPage(order, localeOf(c), NOTICES[c.req.query("notice") ?? ""] ?? null));
  });
  app.post(page, async (c) => {
    const form = await c.req.parseBody();
    const result = await sandbox.pay(c.req.param("id"), { number: field(form, "number"), expiry: field(form, "expiry"), cvc: field(form, "cvc") });
    if (result.kind === "notFound") return c.html(notFoundPage(localeOf(c)), 404);
    return back(c, result);
  });
  app.post(`${page}/authenticate`, async (c) => {
    const form = await c.req.parseBody();
    const result = await sandbox.authenticate(c.req.param("id"), field(form, "approve") === "yes");
    if (result.kind === "notFound") return c.html(notFoundPage(localeOf(c)), 404);
    return back(c, result);
  });
  app.post(`${page}/cancel`, async (c) => {
    const done = await sandbox.cancel(c.req.param("id"));
    return back(c, { kind: done ? "accepted" : "closed" });
  });
  app.get(`${SANDBOX_BASE}/webhookKeys`, async (c) => c.json(await sandbox.jwks()));
  return app;
}
